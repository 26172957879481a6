import { type AdminPromo, type adminPromoIssue, Decimal, toAmount } from '@obmen/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Page } from '../../db/paging';
import { ParameterError } from '../../http/errors';
import { findUserIdByName } from '../accounts/people-admin.repository';
import { type Actor, createAudited, iso, isoNow } from '../admin/console';
import { searchPromoCodes } from './promo-admin.repository';
import { insertPromoCodes } from './promo.repository';
import { newPromoCode } from './promo.service';

/** The console's promo codes (design §6): the list, and issuing new ones. */
export function createPromoAdminService({ db }: { db: Db }) {
  const audited = createAudited(db);
  return {
    async promoCodes(filter: { q?: string | undefined; status?: string | undefined }, paging: Page) {
      const found = await searchPromoCodes(db, filter, paging);
      return {
        ...found,
        items: found.items.map(({ promo, username, ticketNumber }): AdminPromo => {
          const expired =
            promo.status === 'active' && promo.expiresAt !== null && promo.expiresAt.getTime() < Date.now();
          return {
            code: promo.code,
            username,
            valueRub: toAmount(new Decimal(promo.valueRub), 0, 'down'),
            minRub: toAmount(new Decimal(promo.minRub), 0, 'up'),
            status: expired ? 'expired' : promo.status,
            ticketId: promo.ticketId,
            ticketNumber,
            expiresAt: iso(promo.expiresAt),
            createdAt: isoNow(promo.createdAt),
            usedAt: iso(promo.usedAt),
          };
        }),
      };
    },

    /** Single-use codes for one user (by username or e-mail), or an unassigned batch. */
    async issuePromoCodes(actor: Actor, body: z.output<typeof adminPromoIssue>): Promise<AdminPromo[]> {
      const userId = body.username ? await findUserIdByName(db, body.username) : null;
      if (userId === undefined) throw ParameterError.of({ username: 'admin.userNotFound' });
      const rows = Array.from({ length: body.count }, () => ({
        code: newPromoCode(),
        userId,
        valueRub: body.valueRub,
        minRub: body.minRub,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      }));
      const issued = await audited(
        actor,
        { action: 'issue', resource: 'promo-codes', resourceId: body.username ?? '*', before: null },
        (tx) => insertPromoCodes(tx, rows),
        (inserted) => ({
          count: inserted.length,
          valueRub: body.valueRub,
          minRub: body.minRub,
          expiresAt: body.expiresAt ?? null,
          codes: inserted.map((p) => p.code),
        }),
      );
      return issued.map((promo) => ({
        code: promo.code,
        username: body.username ?? null,
        valueRub: toAmount(new Decimal(promo.valueRub), 0, 'down'),
        minRub: toAmount(new Decimal(promo.minRub), 0, 'up'),
        status: 'active',
        ticketId: null,
        ticketNumber: null,
        expiresAt: iso(promo.expiresAt),
        createdAt: isoNow(promo.createdAt),
        usedAt: null,
      }));
    },
  };
}

export type PromoAdminService = ReturnType<typeof createPromoAdminService>;
