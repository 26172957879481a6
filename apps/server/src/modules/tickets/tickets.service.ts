import { Decimal, type Lang, type Ticket, type TicketList, type TicketStatus } from '@obmen/shared';
import type { Tx } from '../../db/database';
import { AppError, ConflictError, NotFoundError } from '../../http/errors';
import type { UserRow } from '../accounts/accounts.repository';
import type { QueuedMail } from '../mail/mailer';
import { reserveCounts } from '../rate-limits/rate-limits.repository';
import {
  allows,
  FINAL_STATUSES,
  PAID_STATUSES,
  RESERVE_HOLDING_STATUSES,
  TICKET_ACTIONS,
  type TicketAction,
} from './ticket-lifecycle';
import { confirmedTotal, listPayments, lockShortPaidTickets } from './ticket-payments.repository';
import { createTicketViews } from './ticket-view';
import { listReviewMonitors } from '../receipts/receipts.repository';
import {
  addToReserve,
  addVerifiedCard,
  appendHistory,
  decideCardCheck,
  findCardCheck,
  findTicket,
  findTicketByNumberAndEmail,
  listUserTickets,
  lockExpiredTickets,
  lockTicket,
  releaseReserve,
  secureHold,
  settlePromo,
  softenOverdueHolds,
  updateTicket,
  type NewTicket,
  type TicketRow,
} from './tickets.repository';
import { cardOwnerKey, createTicketCreation, type TicketCreationOptions } from './ticket-creation';

export interface TicketsOptions extends TicketCreationOptions {
  publicUrl: string;
  /** Runs in the transaction that makes a ticket succeed (the referral reward). */
  onSuccess?: (tx: Tx, ticket: TicketRow) => Promise<void>;
  /**
   * Runs in the transaction in which a ticket becomes paid on evidence (its payment counted, an
   * operator's word), not on the client's own: its automatic payout is queued there (issue 44).
   */
  onPaid?: (tx: Tx, ticket: TicketRow) => Promise<void>;
  /** Runs before every status change, in its transaction, with the ticket locked: may refuse it (a payout on its way). */
  guard?: (tx: Tx, ticket: TicketRow, action: TicketAction) => Promise<void>;
  /** Who else hears of a ticket (Telegram, issue 46): in the transaction that queues its mail. */
  notifier?: TicketNotifier;
  /** Payment windows in seconds for chosen directions (`GIVE>GET`), instead of their minutes (tests, demos). */
  paymentWindowOverrides?: ReadonlyMap<string, number>;
}

/** A channel beside the mail: a ticket's own news to its followers, and the staff's alerts at a status change. */
export interface TicketNotifier {
  ticketMessageIn(tx: Tx, row: TicketRow, mail: QueuedMail): Promise<void>;
  statusChangedIn(tx: Tx, before: TicketRow, after: TicketRow): Promise<void>;
  /** A ticket made, in its creation's transaction (partners' webhooks, issue 47). */
  ticketCreatedIn?(tx: Tx, row: TicketRow): Promise<void>;
}

/** Several channels as one notifier, each told in turn in the same transaction. */
export function notifyingAll(...notifiers: TicketNotifier[]): TicketNotifier {
  return {
    async ticketMessageIn(tx, row, mail) {
      for (const notifier of notifiers) await notifier.ticketMessageIn(tx, row, mail);
    },
    async statusChangedIn(tx, before, after) {
      for (const notifier of notifiers) await notifier.statusChangedIn(tx, before, after);
    },
    async ticketCreatedIn(tx, row) {
      for (const notifier of notifiers) await notifier.ticketCreatedIn?.(tx, row);
    },
  };
}

export interface TransitionOptions {
  /** 'client', 'system', or 'operator:<user id>'. */
  actor: string;
  note?: string | null;
  payoutReference?: string | null;
  refundNote?: string | null;
  /** More of the ticket that changes with its status (new sums, the payment problem, the refund's txid). */
  set?: Partial<NewTicket>;
  /** Runs inside the transition's transaction, so what it writes (the console's audit) commits with it. */
  within?: (tx: Tx, before: TicketRow, after: TicketRow) => Promise<void>;
}

/** Link mails one ticket may get from "Find a ticket": its owner needs one, an inbox is not a target. */
export const TICKET_LINK_MAILS = { max: 3, windowSeconds: 86_400 };

const ticketNotFound = () => new NotFoundError('ticket.notFound');

/** Which window passed: the payment's, the card photo's, or the operator's check of a sent photo. */
async function expiryReason(tx: Tx, ticket: TicketRow): Promise<string> {
  if (ticket.status !== 'card_check') return 'payment_expired';
  return (await findCardCheck(tx, ticket.id)) ? 'card_review_expired' : 'card_check_expired';
}

export function createTicketsService(options: TicketsOptions) {
  const { db, catalog, mailer, publicUrl, onSuccess, onPaid, guard, notifier } = options;
  const { toView, view, statusMailOf, paymentSeenMailOf, linkMailOf, excessRefundMailOf } = createTicketViews({
    db,
    catalog,
    publicUrl,
  });
  const windowMs = (giveCode: string, getCode: string) => {
    const override = options.paymentWindowOverrides?.get(`${giveCode}>${getCode}`);
    if (override !== undefined) return override * 1000;
    return (catalog.get().directions.get(`${giveCode}>${getCode}`)?.row.paymentWindowMinutes ?? 30) * 60_000;
  };
  const cardCheckWindowMs = (giveCode: string, getCode: string) =>
    (catalog.get().directions.get(`${giveCode}>${getCode}`)?.row.cardCheckWindowMinutes ?? 30) * 60_000;
  /** Until when a sent card photo waits for the operator: then the ticket expires and its hold goes (issue 42). */
  const reviewDeadline = (ticket: Pick<TicketRow, 'giveCode' | 'getCode'>) =>
    new Date(
      Date.now() +
        (catalog.get().directions.get(`${ticket.giveCode}>${ticket.getCode}`)?.row.cardReviewWindowMinutes ?? 60) *
          60_000,
    );
  /** `payments`: what the ticket has received, when the caller knows it (a new ticket: nothing). */
  const queueStatusMail = async (tx: Tx, row: TicketRow, payments?: Awaited<ReturnType<typeof listPayments>>) =>
    queueTicketMail(
      tx,
      row,
      statusMailOf(
        row,
        payments ?? (await listPayments(tx, row.id)),
        // A success invites a review on the monitors the operator set (issue 48).
        row.status === 'success' ? await listReviewMonitors(tx) : [],
      ),
    );
  /** A mail about a ticket to its client, and the same news to the Telegram chats following it. */
  async function queueTicketMail(tx: Tx, row: TicketRow, mail: QueuedMail): Promise<void> {
    await mailer.enqueue(tx, mail);
    if (notifier) await notifier.ticketMessageIn(tx, row, mail);
  }

  /**
   * One status change, in the caller's transaction: the ticket is locked, the change is checked
   * against the lifecycle, the reserve and promo holds move, history and the client's mail are written.
   */
  async function transitionIn(tx: Tx, id: string, action: TicketAction, opts: TransitionOptions): Promise<TicketRow> {
    const ticket = await lockTicket(tx, id);
    if (!ticket) throw ticketNotFound();
    if (!allows(action, ticket.status)) throw new ConflictError('wrong_status', 'ticket.wrongStatus');
    if (guard) await guard(tx, ticket, action);
    const to: TicketStatus = TICKET_ACTIONS[action].to;
    const changes: Parameters<typeof updateTicket>[2] = { status: to };
    if (opts.note !== undefined) changes.statusReason = opts.note;
    if (action === 'expire') changes.statusReason = await expiryReason(tx, ticket);
    // Refused on AML review (issue 48): what remains is the refund, as for any payment problem.
    if (action === 'refuseReview') Object.assign(changes, { paymentProblem: 'aml', finishedAt: null });
    if (opts.payoutReference) changes.payoutReference = opts.payoutReference;
    if (opts.refundNote) changes.refundNote = opts.refundNote;
    if (action === 'approveCard') {
      changes.paymentDeadline = new Date(Date.now() + windowMs(ticket.giveCode, ticket.getCode));
      await decideCardCheck(tx, id, true, null);
      const cardOwner = cardOwnerKey(ticket);
      if (ticket.cardHash && cardOwner) await addVerifiedCard(tx, cardOwner, ticket.cardHash);
    }
    if (action === 'rejectCard') await decideCardCheck(tx, id, false, opts.note ?? null);
    if (FINAL_STATUSES.includes(to)) changes.finishedAt = new Date();
    let { hold } = ticket;
    // Paid by anyone's word but the client's own (the watcher, an operator): the hold must be hard.
    // ('continue', 'refundExcess' and 'resume' take theirs before, as a ticket that held nothing.)
    if (PAID_STATUSES.includes(to) && opts.actor !== 'client' && action !== 'continue' && hold !== 'paid') {
      if (!(await secureHold(tx, ticket))) throw new ConflictError('reserve_short', 'ticket.reserveShort');
      hold = 'paid';
    }
    if (RESERVE_HOLDING_STATUSES.includes(ticket.status) && !RESERVE_HOLDING_STATUSES.includes(to)) {
      await releaseReserve(tx, ticket.getCode, ticket.getSum, { paidOut: to === 'success', hold });
      if (ticket.promoCode) await settlePromo(tx, ticket.promoCode, ticket.id, to === 'success');
    }
    if (to === 'success') await addToReserve(tx, ticket.giveCode, ticket.giveSum);
    const updated = await updateTicket(tx, id, { ...changes, ...opts.set });
    if (to === 'success' && onSuccess) await onSuccess(tx, updated);
    if (updated.status === 'new' && updated.hold === 'paid') await paidIn(tx, updated);
    await appendHistory(tx, {
      ticketId: id,
      fromStatus: ticket.status,
      toStatus: to,
      actor: opts.actor,
      note: opts.note ?? null,
    });
    await queueStatusMail(tx, updated);
    if (notifier) await notifier.statusChangedIn(tx, ticket, updated);
    if (opts.within) await opts.within(tx, ticket, updated);
    return updated;
  }

  /** A ticket paid on evidence: what follows from that (its payout) happens in the same transaction. */
  async function paidIn(tx: Tx, ticket: TicketRow): Promise<void> {
    if (onPaid) await onPaid(tx, ticket);
  }

  /**
   * A ticket the job closes at its deadline: unpaid, it expires; paid in part (a split payment short
   * of the sum once nothing more is awaited), it is a payment problem the client decides about (issue 42).
   */
  async function closeOverdue(tx: Tx, due: TicketRow): Promise<TicketRow> {
    if (new Decimal(await confirmedTotal(tx, due.id)).isZero())
      return transitionIn(tx, due.id, 'expire', { actor: 'system' });
    return transitionIn(tx, due.id, 'paymentProblem', {
      actor: 'system',
      set: { paymentProblem: 'under', finishedAt: null, statusReason: null },
    });
  }

  async function transition(id: string, action: TicketAction, opts: TransitionOptions): Promise<TicketRow> {
    const updated = await db.transaction((tx) => transitionIn(tx, id, action, opts));
    catalog.forgetReserve(updated.getCode);
    void mailer.flush();
    return updated;
  }

  /** The ticket as its owner may see it: a user's ticket only by that user, a visitor's by its link. */
  async function readable(id: string, requester: UserRow | null): Promise<TicketRow> {
    let row = await findTicket(db, id);
    if (!row) throw ticketNotFound();
    // A user's ticket opened signed out says to sign in (its link is all the visitor has); another
    // user's is not there at all.
    if (row.userId && !requester) throw new AppError(401, 'sign_in_required', 'ticket.signInRequired');
    if (row.userId && row.userId !== requester?.id) throw ticketNotFound();
    // A window that passed is shown as passed at once, without waiting for the next job run.
    if (
      (row.status === 'advance' || row.status === 'card_check') &&
      row.paymentDeadline &&
      row.paymentDeadline.getTime() < Date.now()
    ) {
      // The job's own rule decides (a payment seen in time keeps the ticket open); a race is read back.
      const expired = await db
        .transaction(async (tx) => {
          const [due] = await lockExpiredTickets(tx, 1, id);
          return due ? closeOverdue(tx, due) : null;
        })
        .catch(() => null);
      row = expired ?? (await findTicket(db, id)) ?? row;
    }
    return row;
  }

  /** Paying or cancelling a ticket whose window has passed says so, rather than "wrong status". */
  function refuseExpired(row: TicketRow): void {
    if (row.status === 'deleted' && row.statusReason === 'payment_expired') {
      throw new ConflictError('payment_expired', 'ticket.paymentExpired');
    }
  }

  const { create } = createTicketCreation(options, {
    windowMs,
    cardCheckWindowMs,
    queueStatusMail,
    toView,
    view,
    createdIn: async (tx, row) => notifier?.ticketCreatedIn?.(tx, row),
  });

  return {
    transition,
    transitionIn,
    paidIn,
    readable,
    create,
    reviewDeadline,

    /**
     * Mails a ticket's link to the e-mail on it when the number and e-mail match; a wrong pair does
     * nothing, and the caller answers the same either way. A few mails a day per ticket at most.
     */
    async mailLink(number: number, email: string): Promise<void> {
      const row = await findTicketByNumberAndEmail(db, number, email);
      if (!row) return;
      const { max, windowSeconds } = TICKET_LINK_MAILS;
      if (!(await reserveCounts(db, [{ key: `ticket-link:${row.id}`, max }], windowSeconds)).ok) return;
      await mailer.enqueue(db, linkMailOf(row));
      void mailer.flush();
    },

    async get(id: string, requester: UserRow | null, lang: Lang): Promise<Ticket> {
      return view(await readable(id, requester), lang);
    },

    async list(user: UserRow, page: number, perPage: number, lang: Lang): Promise<TicketList> {
      const { items, total } = await listUserTickets(db, user.id, page, perPage);
      return {
        items: items.map((row) => {
          const {
            requisites: _r,
            payTo: _p,
            history: _h,
            referral: _f,
            payments: _y,
            ...summary
          } = toView(row, [], { status: 'none', reason: null }, null, lang);
          return summary;
        }),
        page,
        perPage,
        total,
      };
    },

    async confirm(id: string, requester: UserRow | null, lang: Lang): Promise<Ticket> {
      refuseExpired(await readable(id, requester));
      return view(await transition(id, 'confirm', { actor: 'client' }), lang);
    },

    async cancel(id: string, requester: UserRow | null, lang: Lang): Promise<Ticket> {
      refuseExpired(await readable(id, requester));
      return view(await transition(id, 'cancel', { actor: 'client' }), lang);
    },

    /**
     * An operator's one action against clients holding reserves: every open unpaid ticket `which`
     * locks (one e-mail's or address's, or a group's) cancelled in one transaction, each with its
     * history and mail; `within` writes the console's audit of the whole action in that transaction.
     */
    async cancelOpen(
      which: (tx: Tx) => Promise<{ id: string }[]>,
      opts: { actor: string; note: string | null; within: (tx: Tx, numbers: number[]) => Promise<void> },
    ): Promise<number> {
      const cancelled = await db.transaction(async (tx) => {
        const rows: TicketRow[] = [];
        for (const { id } of await which(tx)) {
          rows.push(await transitionIn(tx, id, 'cancel', { actor: opts.actor, note: opts.note }));
        }
        await opts.within(
          tx,
          rows.map((row) => row.number),
        );
        return rows;
      });
      for (const code of new Set(cancelled.map((row) => row.getCode))) catalog.forgetReserve(code);
      if (cancelled.length > 0) void mailer.flush();
      return cancelled.length;
    },

    /**
     * Closes unpaid tickets whose window passed, and judges short-paid ones, each in its own transaction
     * (one bad ticket cannot hold back the rest); several processes share the work, SKIP LOCKED gives
     * each ticket to one.
     */
    async expireDue(limit = 200): Promise<number> {
      let expired = 0;
      while (expired < limit) {
        const ticket = await db.transaction(async (tx) => {
          const [due] = await lockExpiredTickets(tx, 1);
          if (due) return closeOverdue(tx, due);
          const [short] = await lockShortPaidTickets(tx, 1);
          return short ? closeOverdue(tx, short) : null;
        });
        if (!ticket) break;
        expired += 1;
        catalog.forgetReserve(ticket.getCode);
      }
      for (const code of new Set(await db.transaction((tx) => softenOverdueHolds(tx)))) catalog.forgetReserve(code);
      if (expired > 0) void mailer.flush();
      return expired;
    },

    /**
     * An operator sent the excess of an overpaid ticket back (issue 45): its transaction is recorded
     * once, the client mailed, and `within` (the console's audit) commits with them. The ticket's
     * status does not move: its exchange went on by itself.
     */
    async recordExcessRefund(
      id: string,
      txid: string,
      within: (tx: Tx, before: TicketRow, after: TicketRow) => Promise<void>,
    ): Promise<TicketRow> {
      const updated = await db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, id);
        if (!ticket) throw ticketNotFound();
        if (!ticket.excessRefund) throw new ConflictError('no_excess_refund', 'ticket.noExcessRefund');
        if (ticket.excessRefundTxid) throw new ConflictError('excess_refund_recorded', 'ticket.excessRefundRecorded');
        const after = await updateTicket(tx, id, { excessRefundTxid: txid });
        await queueTicketMail(tx, after, excessRefundMailOf(after));
        await within(tx, ticket, after);
        return after;
      });
      void mailer.flush();
      return updated;
    },

    view,
    paymentSeenMailOf,
    queueTicketMail,
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
