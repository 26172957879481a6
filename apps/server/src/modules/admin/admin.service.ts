import {
  type AdminAuditEntry,
  type AdminAwaitingPayment,
  type AdminSiteState,
  AWAITING_PAYMENT_STATUSES,
  type siteStateUpdate,
} from '@obmen/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Page } from '../../db/paging';
import { catalogAmounts } from '../exchange/catalog-amounts';
import type { Catalog } from '../exchange/exchange.catalog';
import { readSiteState, writeSiteState } from '../site-state/site-state.repository';
import type { SiteStateService } from '../site-state/site-state.service';
import { ticketsAwaitingPayment } from '../tickets/ticket-desk.repository';
import { listAudit, type AuditRow } from './admin.repository';
import { type Actor, createAudited, iso, isoNow } from './console';

/** Enough for an operator to read in a dialog; the rest is in the queue. */
const AWAITING_PAYMENT_SHOWN = 20;

export interface AdminOptions {
  db: Db;
  catalog: Catalog;
  siteState: SiteStateService;
}

const toAuditDto = (row: AuditRow): AdminAuditEntry => ({
  id: row.id,
  actorName: row.actorName,
  action: row.action,
  resource: row.resource,
  resourceId: row.resourceId,
  before: row.before,
  after: row.after,
  createdAt: isoNow(row.createdAt),
});

/**
 * The console's own (design §6): the site state (maintenance) and the audit log. The operator's
 * work on each domain lives beside it: tickets/ticket-desk, exchange/exchange-setup,
 * content/content-admin, accounts/people-admin, promo/promo-admin, referral/payouts-admin,
 * mail/outbox-admin.
 */
export function createAdminService({ db, catalog, siteState: siteStateService }: AdminOptions) {
  const audited = createAudited(db);
  const { sideOf } = catalogAmounts(catalog);

  const service = {
    async siteState(): Promise<AdminSiteState> {
      const row = await readSiteState(db);
      return {
        convertEnabled: row?.convertEnabled ?? true,
        headerRu: row?.headerRu ?? 'Технический перерыв',
        textRu: row?.textRu ?? '',
        headerEn: row?.headerEn ?? 'Maintenance break',
        textEn: row?.textEn ?? '',
        updatedAt: iso(row?.updatedAt),
      };
    },

    /** What switching maintenance on would hold up: the clients who have yet to pay. */
    async awaitingPayment(): Promise<AdminAwaitingPayment> {
      const { items, total } = await ticketsAwaitingPayment(db, [...AWAITING_PAYMENT_STATUSES], AWAITING_PAYMENT_SHOWN);
      return {
        total,
        items: items.map((ticket) => ({
          id: ticket.id,
          number: ticket.number,
          status: ticket.status,
          createdAt: isoNow(ticket.createdAt),
          give: sideOf(ticket.giveCode, ticket.giveSum),
          get: sideOf(ticket.getCode, ticket.getSum),
          // An unpaid ticket's clock: the payment's, the card photo's or the operator's own check (issue 42).
          paymentDeadline:
            ticket.status === 'advance' || ticket.status === 'card_check' ? iso(ticket.paymentDeadline) : null,
        })),
      };
    },

    async setSiteState(actor: Actor, change: z.output<typeof siteStateUpdate>): Promise<AdminSiteState> {
      const before = await service.siteState();
      await audited(
        actor,
        { action: 'update', resource: 'site-state', resourceId: '1', before },
        (tx) => writeSiteState(tx, change),
        ({ id: _id, updatedAt: _at, ...row }) => row,
      );
      await siteStateService.changed();
      return service.siteState();
    },

    async audit(filter: { q?: string | undefined; resource?: string | undefined }, paging: Page) {
      const found = await listAudit(db, filter, paging);
      return { ...found, items: found.items.map(toAuditDto) };
    },
  };
  return service;
}

export type AdminService = ReturnType<typeof createAdminService>;
