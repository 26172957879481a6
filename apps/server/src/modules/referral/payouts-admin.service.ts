import { type AdminPayout, Decimal, toCents } from '@obmen/shared';
import type { Db } from '../../db/database';
import type { Page } from '../../db/paging';
import { ConflictError, NotFoundError } from '../../http/errors';
import { type Actor, createAudited, iso, isoNow } from '../admin/console';
import { catalogAmounts } from '../exchange/catalog-amounts';
import type { Catalog } from '../exchange/exchange.catalog';
import {
  approvePayout,
  findPayout,
  listPayoutsForOperators,
  payApprovedPayout,
  type PayoutRow,
} from './payouts-admin.repository';
import { creditBalance, decidePayout } from './referral.repository';

/** The operators' side of partners' payouts (design §6): approve, pay, or reject and give back. */
export function createPayoutsAdminService({ db, catalog }: { db: Db; catalog: Catalog }) {
  const audited = createAudited(db);
  const { valuteOf, amountOf } = catalogAmounts(catalog);

  const toPayoutDto = ({ payout, username }: { payout: PayoutRow; username: string }): AdminPayout => ({
    id: payout.id,
    userId: payout.userId,
    username,
    currencyCode: payout.currencyCode,
    valute: valuteOf(payout.currencyCode),
    sum: amountOf(payout.currencyCode, payout.sum),
    amountUsd: toCents(new Decimal(payout.amountUsd), 'half-up'),
    requisite: payout.requisite,
    addRequisite: payout.addRequisite,
    status: payout.status,
    approvedAt: iso(payout.approvedAt),
    approvedBy: payout.approvedBy,
    reference: payout.reference,
    reason: payout.reason,
    createdAt: isoNow(payout.createdAt),
    decidedAt: iso(payout.decidedAt),
  });

  async function payoutDto(id: string): Promise<AdminPayout> {
    const row = await findPayout(db, id);
    if (!row) throw new NotFoundError();
    return toPayoutDto(row);
  }

  const service = {
    async payouts(status: string | undefined, paging: Page) {
      const found = await listPayoutsForOperators(db, status, paging);
      return { ...found, items: found.items.map(toPayoutDto) };
    },

    async approvePayout(actor: Actor, id: string): Promise<AdminPayout> {
      const before = await payoutDto(id);
      await audited(
        actor,
        { action: 'approve', resource: 'payouts', resourceId: id, before },
        async (tx) => {
          const row = await approvePayout(tx, id, actor.username);
          if (!row) throw new ConflictError('wrong_status', 'admin.payoutDecided');
          return row;
        },
        (row) => ({ status: row.status, approvedBy: row.approvedBy }),
      );
      return payoutDto(id);
    },

    async payPayout(actor: Actor, id: string, reference: string): Promise<AdminPayout> {
      const before = await payoutDto(id);
      if (before.status !== 'pending') throw new ConflictError('wrong_status', 'admin.payoutDecided');
      if (!before.approvedAt) throw new ConflictError('not_approved', 'admin.payoutNotApproved');
      await audited(
        actor,
        { action: 'pay', resource: 'payouts', resourceId: id, before },
        async (tx) => {
          const row = await payApprovedPayout(tx, id, reference);
          if (!row) throw new ConflictError('wrong_status', 'admin.payoutDecided');
          return row;
        },
        (row) => ({ status: row.status, reference: row.reference }),
      );
      return payoutDto(id);
    },

    /** Refuses a request; what it took goes back to the partner's balance in the same transaction. */
    async rejectPayout(actor: Actor, id: string, reason: string): Promise<AdminPayout> {
      const before = await payoutDto(id);
      await audited(
        actor,
        { action: 'reject', resource: 'payouts', resourceId: id, before },
        async (tx) => {
          const row = await decidePayout(tx, id, { status: 'rejected', reason });
          if (!row) throw new ConflictError('wrong_status', 'admin.payoutDecided');
          await creditBalance(tx, row.userId, row.amountUsd);
          return row;
        },
        (row) => ({
          status: row.status,
          reason: row.reason,
          returnedUsd: toCents(new Decimal(row.amountUsd), 'half-up'),
        }),
      );
      return payoutDto(id);
    },
  };
  return service;
}

export type PayoutsAdminService = ReturnType<typeof createPayoutsAdminService>;
