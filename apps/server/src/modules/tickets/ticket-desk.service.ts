import {
  ADMIN_TICKET_ACTIONS,
  SLA_LEVELS,
  type AdminTicketAction,
  type AdminTicketSort,
  type AdminTicketWait,
  type SlaState,
  adminTicketActionBodies,
  type AdminTicketDetail,
  type AdminTicketList,
  type adminExcessRefund,
  type adminTicketPayment,
  Decimal,
  issueMessage,
  type Lang,
  TICKET_STATUSES,
  type TicketStatus,
  toCents,
} from '@obmen/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { Page } from '../../db/paging';
import { ConflictError, NotFoundError, ParameterError } from '../../http/errors';
import { writeAudit } from '../admin/admin.repository';
import { type Actor, iso, isoNow, plain } from '../admin/console';
import { findUserById } from '../accounts/people-admin.repository';
import type { CardCheckService } from '../card-check/card-check.service';
import { catalogAmounts } from '../exchange/catalog-amounts';
import { scaleOf, type Catalog } from '../exchange/exchange.catalog';
import { mailsTo } from '../mail/outbox-admin.repository';
import { toOutboxDto } from '../mail/outbox-admin.service';
import { paymentCanMove, type IncomingPaymentsService } from './incoming-payments.service';
import { confirmedTotal } from './ticket-payments.repository';
import {
  countExcessRefundsOwed,
  countTicketsByStatus,
  findCardCheckRow,
  searchTickets,
  ticketHistoryOf,
  waitOf,
} from './ticket-desk.repository';
import { claimDto, type TicketClaimsService } from './ticket-claims.service';
import { readDeskSettings } from './ticket-claims.repository';
import type { SlaThresholds } from '../../db/schema';
import { allows } from './ticket-lifecycle';
import { requirePayoutProof } from './ticket-proof';
import { findTicket, type TicketRow } from './tickets.repository';
import type { TicketPayoutsService } from '../ticket-payouts/ticket-payouts.service';
import { countUnreadThreads, unreadCountsOf } from '../ticket-messages/ticket-messages.repository';
import type { TicketsService } from './tickets.service';

export interface TicketDeskOptions {
  db: Db;
  catalog: Catalog;
  tickets: TicketsService;
  payments: IncomingPaymentsService;
  cardCheck: CardCheckService;
  ticketPayouts: TicketPayoutsService;
  claims: TicketClaimsService;
}

/** A ticket's clock as the console shows it: minutes waited and their colour against the state's thresholds. */
export function waitDto(
  state: SlaState | null,
  sinceMs: number | null,
  sla: SlaThresholds,
  now = Date.now(),
): AdminTicketWait | null {
  if (!state || sinceMs === null) return null;
  const minutes = Math.max(0, Math.floor((now - sinceMs) / 60_000));
  const { amber, red } = sla[state];
  return {
    state,
    since: new Date(sinceMs).toISOString(),
    minutes,
    level: SLA_LEVELS[minutes >= red ? 2 : minutes >= amber ? 1 : 0]!,
  };
}

// What of a ticket the audit keeps: its state, not the client's data.
const ticketState = (t: TicketRow) => ({
  status: t.status,
  statusReason: t.statusReason,
  payoutReference: t.payoutReference,
  refundNote: t.refundNote,
  refundAddress: t.refundAddress,
});

/** The operator's desk (design §6): the ticket queue, a ticket's page, its lifecycle steps. */
export function createTicketDeskService({
  db,
  catalog,
  tickets,
  payments,
  cardCheck,
  ticketPayouts,
  claims,
}: TicketDeskOptions) {
  const { sideOf, amountOf } = catalogAmounts(catalog);

  const service = {
    async ticketQueue(
      filter: { status: string; q?: string | undefined; sort: AdminTicketSort },
      paging: Page,
      asker: string,
    ): Promise<AdminTicketList> {
      const { sla, claimIdleMinutes } = await readDeskSettings(db);
      const [{ items, page, perPage, total }, counts, excessRefundsOwed, unreadThreads] = await Promise.all([
        searchTickets(db, filter, paging, { sort: filter.sort, sla, claimIdleMinutes }),
        countTicketsByStatus(db),
        countExcessRefundsOwed(db),
        countUnreadThreads(db),
      ]);
      const unread = await unreadCountsOf(
        db,
        items.map((item) => item.ticket.id),
      );
      const now = Date.now();
      return {
        items: items.map(({ ticket, username, cardCheck: check, claim, holder, waitState, waitSinceMs }) => ({
          id: ticket.id,
          number: ticket.number,
          status: ticket.status,
          createdAt: isoNow(ticket.createdAt),
          updatedAt: isoNow(ticket.updatedAt),
          email: ticket.email,
          username,
          give: sideOf(ticket.giveCode, ticket.giveSum),
          get: sideOf(ticket.getCode, ticket.getSum),
          manual: ticket.manual,
          fixed: ticket.fixed,
          cardCheck: check ?? 'none',
          // An unpaid ticket's clock: the payment's, the card photo's or the operator's own check (issue 42).
          paymentDeadline:
            ticket.status === 'advance' || ticket.status === 'card_check' ? iso(ticket.paymentDeadline) : null,
          excessRefundOwed:
            ticket.excessRefund && !ticket.excessRefundTxid ? amountOf(ticket.giveCode, ticket.excessRefund) : null,
          unreadMessages: unread.get(ticket.id) ?? 0,
          claim: claim && holder ? claimDto(claim, holder, asker, claimIdleMinutes) : null,
          wait: waitDto(waitState, waitSinceMs, sla, now),
        })),
        page,
        perPage,
        total,
        counts: Object.fromEntries(TICKET_STATUSES.map((s) => [s, counts.get(s) ?? 0])) as Record<TicketStatus, number>,
        excessRefundsOwed,
        unreadThreads,
      };
    },

    async ticketDetail(id: string, lang: Lang, asker: string): Promise<AdminTicketDetail> {
      const row = await findTicket(db, id);
      if (!row) throw new NotFoundError('ticket.notFound');
      const [ticket, history, check, mails, payout, claim, wait, settings] = await Promise.all([
        tickets.view(row, lang, true),
        ticketHistoryOf(db, id),
        findCardCheckRow(db, id),
        mailsTo(db, row.email, 20),
        ticketPayouts.ofTicket(id),
        claims.claimOf(id, asker),
        waitOf(db, id),
        readDeskSettings(db),
      ]);
      const username = row.userId ? ((await findUserById(db, row.userId))?.username ?? null) : null;
      const checkStatus = check?.status ?? 'none';
      return {
        ticket,
        userId: row.userId,
        username,
        lang: row.lang,
        refundNote: row.refundNote,
        feePercent: plain(row.feePercent),
        discountPercent: plain(row.discountPercent),
        usdValue: toCents(new Decimal(row.usdValue), 'half-up'),
        cardCheck: {
          status: checkStatus,
          reason: check?.reason ?? null,
          uploadedAt: iso(check?.uploadedAt),
          decidedAt: iso(check?.decidedAt),
        },
        history: history.map(({ entry, operator }) => ({
          id: entry.id,
          from: entry.fromStatus,
          to: entry.toStatus,
          actor: operator ?? entry.actor.replace(/^operator:.*/, 'operator'),
          note: entry.note,
          at: isoNow(entry.createdAt),
        })),
        payout,
        // A card can be approved once its photo is there; everything else as the lifecycle allows.
        actions: ADMIN_TICKET_ACTIONS.filter(
          (action) => allows(action, row.status) && (action !== 'approveCard' || checkStatus === 'pending'),
        ),
        canRecordPayment: paymentCanMove(
          row,
          new Decimal(ticket.received ?? '0'),
          scaleOf(catalog.get(), row.giveCode),
        ),
        mails: mails.map(toOutboxDto),
        claim,
        wait: wait ? waitDto(wait.waitState, wait.waitSinceMs, settings.sla) : null,
      };
    },

    /** One lifecycle step by an operator: the transition, the client's mail and the audit commit together. */
    async ticketAction(actor: Actor, id: string, action: AdminTicketAction, body: unknown, lang: Lang) {
      const parsed = adminTicketActionBodies[action].safeParse(body);
      if (!parsed.success) {
        const issues = parsed.error.issues;
        throw new ParameterError((l) =>
          issues.map((issue) => ({ name: String(issue.path[0] ?? 'request'), messages: [issueMessage(issue, l)] })),
        );
      }
      const data = parsed.data as {
        note?: string;
        payoutReference?: string;
        refundNote?: string;
        refundTxid?: string;
        refundAddress?: string;
      };
      // Who holds the ticket is said first, whatever else is wrong with the step; the transition checks again.
      await claims.guard(db, id, actor);
      // Coins paid out or sent back are proven by their transaction on the ticket's page and in its mail.
      const checked = action === 'complete' || action === 'refund' || action === 'requestRefund';
      const found = checked ? await findTicket(db, id) : undefined;
      const row = found && allows(action, found.status) && found;
      if (row && action === 'complete') requirePayoutProof(catalog, row.getCode, data.payoutReference ?? null);
      if (row && action === 'refund') requirePayoutProof(catalog, row.giveCode, data.refundTxid ?? null, 'refundTxid');
      // A refund the client asked support for goes where a client's own request would: the give currency's network.
      const refundAddress =
        row && action === 'requestRefund'
          ? payments.refundAddressOf(row, data.refundAddress ?? '', 'refundAddress')
          : null;
      await tickets.transition(id, action, {
        actor: `operator:${actor.id}`,
        note: data.note ?? null,
        payoutReference: data.payoutReference ?? null,
        refundNote: data.refundNote ?? null,
        ...(action === 'refund' && { set: { refundTxid: data.refundTxid?.trim() ?? null } }),
        ...(refundAddress && { set: { refundAddress } }),
        within: async (tx, before, after) => {
          await claims.guard(tx, id, actor);
          await writeAudit(tx, {
            actorId: actor.id,
            actorName: actor.username,
            action,
            resource: 'tickets',
            resourceId: id,
            before: ticketState(before),
            after: ticketState(after),
          });
        },
      });
      return service.ticketDetail(id, lang, actor.id);
    },

    /**
     * What arrived on a manual direction, as the operator saw it: it goes through the same rules as
     * a watched payment (short, over, late), counted at once, and the operator is named in the audit.
     */
    async recordPayment(actor: Actor, id: string, body: z.output<typeof adminTicketPayment>): Promise<void> {
      const row = await findTicket(db, id);
      if (!row) throw new NotFoundError('ticket.notFound');
      await claims.guard(db, id, actor);
      // Taken only where it can still move the ticket: once payments back a paid ticket, a second
      // entry is more likely the same transfer under another number than money that arrived.
      if (!paymentCanMove(row, new Decimal(await confirmedTotal(db, id)), scaleOf(catalog.get(), row.giveCode))) {
        throw new ConflictError('wrong_status', 'ticket.wrongStatus');
      }
      await payments.recordIncomingPayment(
        {
          ticketId: id,
          txid: body.reference,
          amount: body.amount,
          confirmations: 1,
          required: 1,
          seenAt: new Date(),
          gone: false,
        },
        {
          source: 'operator',
          actor: { id: actor.id, name: actor.username },
          guard: (tx) => claims.guard(tx, id, actor),
        },
      );
    },

    /**
     * The operator sent an overpaid ticket's excess back (issue 45): its transaction, proven as a
     * refund is (a hash of the give currency's network for coins), recorded once and audited.
     */
    async recordExcessRefund(actor: Actor, id: string, body: z.output<typeof adminExcessRefund>, lang: Lang) {
      const row = await findTicket(db, id);
      if (!row) throw new NotFoundError('ticket.notFound');
      await claims.guard(db, id, actor);
      requirePayoutProof(catalog, row.giveCode, body.refundTxid, 'refundTxid');
      await tickets.recordExcessRefund(id, body.refundTxid.trim(), async (tx, before, after) => {
        await claims.guard(tx, id, actor);
        await writeAudit(tx, {
          actorId: actor.id,
          actorName: actor.username,
          action: 'excessRefund',
          resource: 'tickets',
          resourceId: id,
          before: { excessRefund: before.excessRefund, excessRefundTxid: before.excessRefundTxid },
          after: { excessRefund: after.excessRefund, excessRefundTxid: after.excessRefundTxid },
        });
      });
      return service.ticketDetail(id, lang, actor.id);
    },

    async cardImage(id: string): Promise<Buffer | null> {
      return cardCheck.image(id, null, true);
    },
  };
  return service;
}

export type TicketDeskService = ReturnType<typeof createTicketDeskService>;
