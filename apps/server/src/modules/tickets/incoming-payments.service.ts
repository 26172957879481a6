import { directionKey, scaleOf } from '../exchange/exchange.catalog';
import {
  Decimal,
  decimalPlaces,
  formatMessage,
  normalizeAmount,
  normalizeRequisite,
  requisiteProblem,
  roundDown,
  toAmount,
  toRate,
  type AmlReviewReason,
  type ContinueQuote,
  type Lang,
  type RefundExcessBody,
  type Ticket,
} from '@obmen/shared';
import type { Db, Tx } from '../../db/database';
import { AppError, ConflictError, NotFoundError, ParameterError } from '../../http/errors';
import type { UserRow } from '../accounts/accounts.repository';
import { writeAudit } from '../admin/admin.repository';
import type { Catalog } from '../exchange/exchange.catalog';
import type { ExchangeService } from '../exchange/exchange.service';
import { holdRefusal } from '../exchange/exchange-quotes.service';
import { readReserve } from '../exchange/exchange.repository';
import { quoteExpiry } from '../exchange/quote-cache';
import type { QuoteSigner } from '../exchange/quote-token';
import type { Pair } from '../exchange/exchange-pairs';
import type { Mailer } from '../mail/mailer';
import { allows } from './ticket-lifecycle';
import { compareToSum, excessRefundOf, paymentChoicesOf } from './payment-choices';
import { chainPaymentLate } from './payment-wait';
import { takeUnpaidHold } from './ticket-creation';
import {
  confirmedTotal,
  findPayment,
  insertPayment,
  ticketAwaitsPayment,
  updatePayment,
} from './ticket-payments.repository';
import { holdPromo, holdReserve, lockTicket, secureHold, type TicketRow } from './tickets.repository';
import type { TicketsService } from './tickets.service';

/** What a chain watcher (or an operator) saw arrive for a ticket. */
export interface IncomingPayment {
  ticketId: string;
  txid: string;
  /** Decimal text in the ticket's give currency. */
  amount: string;
  confirmations: number;
  required: number;
  seenAt: Date;
  /** The transaction vanished from the chain (a reorg). */
  gone: boolean;
}

/** Who reports it: the watcher ('system'), or an operator entering a manual direction's transfer. */
export interface PaymentReporter {
  source: 'chain' | 'operator';
  actor: { id: string | null; name: string };
  /** First in the payment's transaction: an operator's entry is refused while another operator holds the ticket (issue 46). */
  guard?: (tx: Tx) => Promise<void>;
}

/** What became of an observation. */
export type PaymentOutcome = 'seen' | 'gone' | 'paid' | 'problem' | 'recorded' | 'review';

/** An AML review a counted payment calls for (issue 48): why, and until when an operator decides. */
export interface PaymentReview {
  reason: AmlReviewReason;
  deadline: Date;
}

const WATCHER: PaymentReporter = { source: 'chain', actor: { id: null, name: 'system' } };

/** A continue-quote belongs to one ticket: its token names the ticket where a quote names a user. */
const quoteOwner = (ticketId: string) => `ticket:${ticketId}`;

/**
 * Whether a payment that counts now may still move the ticket (to paid, or to a payment problem):
 * awaiting payment, cancelled, or marked paid by its client while what counted was short of the sum.
 * Once payments back a paid ticket, one more is recorded for the operator to see, not judged: a
 * second transfer (or a duplicate entry) must not undo a payout under way.
 */
export function paymentCanMove(
  { status, giveSum }: Pick<TicketRow, 'status' | 'giveSum'>,
  countedBefore: Decimal,
  scale: number,
): boolean {
  if (!allows('paymentProblem', status)) return false;
  return status !== 'new' || compareToSum(countedBefore, new Decimal(giveSum), scale) === 'under';
}

/**
 * Incoming payments of a ticket (issue 35): recorded per transaction once, counted at their
 * confirmations, and the ticket paid or turned into a payment problem the client decides about
 * (continue at the current rate for what arrived, or a refund the operator sends).
 */
export function createIncomingPaymentsService({
  db,
  catalog,
  exchange,
  signer,
  mailer,
  tickets,
  screen,
}: {
  db: Db;
  catalog: Catalog;
  exchange: ExchangeService;
  signer: QuoteSigner;
  mailer: Mailer;
  tickets: TicketsService;
  /** With AML=on: a watched payment that counts is screened first, outside its transaction (issue 48). */
  screen?: (obs: IncomingPayment) => Promise<PaymentReview | null>;
}) {
  const giveCurrency = (ticket: Pick<TicketRow, 'giveCode'>) => catalog.get().currencies.get(ticket.giveCode)?.row;

  /**
   * The ticket's pair as the catalog has it, open or not: a choice keeps the ticket's own sums and
   * rate, so a direction closed since (a stale price) does not take it away.
   */
  function pairOf(ticket: Pick<TicketRow, 'giveCode' | 'getCode'>): Pair {
    const snapshot = catalog.get();
    const give = snapshot.currencies.get(ticket.giveCode);
    const get = snapshot.currencies.get(ticket.getCode);
    const direction = snapshot.directions.get(directionKey(ticket.giveCode, ticket.getCode));
    if (!give || !get || !direction) throw new ConflictError('choice_unavailable', 'ticket.choiceUnavailable');
    return { give, get, direction };
  }

  /** The reserve went to others while the client decided: today's rate or a refund remain. */
  const reserveTaken = (ticket: Pick<TicketRow, 'getCode'>) =>
    new AppError(409, 'reserve_short', 'ticket.choiceReserveShort', {
      valute: catalog.get().currencies.get(ticket.getCode)?.row.valute ?? ticket.getCode,
    });

  /** A payment problem, locked: a choice taken at the same moment as another finds it taken. */
  async function lockedProblem(tx: Tx, id: string): Promise<TicketRow> {
    const ticket = await lockTicket(tx, id);
    if (!ticket) throw new NotFoundError('ticket.notFound');
    if (ticket.status !== 'payment_problem') throw new ConflictError('wrong_status', 'ticket.wrongStatus');
    return ticket;
  }

  /**
   * A refund address checked with the give currency's own field (a wallet address with its network's
   * checksum, a card number with Luhn, the phone an SBP transfer came from) and written as the
   * requisites are; a wrong one is refused under the form's `name`.
   */
  function refundAddressOf(row: Pick<TicketRow, 'giveCode'>, address: string, name: string): string {
    const give = giveCurrency(row);
    const field =
      give?.giveFields.find((f) => f.kind === 'address') ??
      give?.getFields.find((f) => f.kind === 'address') ??
      give?.giveFields.find((f) => f.kind === 'card') ??
      // SBP and bank transfers: the money goes back to the phone it came from.
      give?.giveFields.find((f) => f.kind === 'phone');
    const problem = field && requisiteProblem({ ...field, required: true }, address);
    if (problem) {
      // A checksum that does not match is a typo in a real address: saying so helps more than "not valid".
      const message = (l: Lang) =>
        problem === 'validation.addressChecksum'
          ? formatMessage(l, problem)
          : formatMessage(l, 'ticket.refundAddress', { valute: give?.valute ?? '' });
      throw new ParameterError((l) => [{ name, messages: [message(l)] }]);
    }
    return normalizeRequisite(field?.kind ?? 'address', address);
  }

  /**
   * The amount at the give currency's scale. A chain writes more decimals than the ticket keeps
   * (USDT has 6 on TRON): they are dropped, never rounded up, so nobody is credited what did not
   * arrive. An operator's typing with too many decimals is refused instead.
   */
  function checkedAmount(amount: string, scale: number, source: PaymentReporter['source']): string {
    const text = normalizeAmount(amount);
    const tooPrecise = text !== null && source === 'operator' && decimalPlaces(text) > scale;
    if (text === null || tooPrecise || !roundDown(new Decimal(text), scale).gt(0)) {
      throw new ParameterError((l) => [
        { name: 'amount', messages: [formatMessage(l, 'ticket.paymentAmount', { value: scale })] },
      ]);
    }
    return toAmount(new Decimal(text), scale, 'down');
  }

  /**
   * Whether a counted payment is late. A ticket cancelled by its client or an operator is paid late
   * whenever it was sent. Otherwise the chain's date decides, even on a ticket the job closed (the
   * watcher may have been down, issue 42); an operator's entry, made whenever they look, is judged by
   * its time only on a ticket still awaiting payment, and is late on any closed one.
   */
  function isLate(ticket: TicketRow, seenAt: Date, source: PaymentReporter['source']): boolean {
    const expired = ticket.status === 'deleted' && ticket.statusReason === 'payment_expired';
    if (ticket.status === 'deleted' && !(expired && source === 'chain')) return true;
    if (ticket.paymentDeadline === null) return false;
    if (source === 'chain') return chainPaymentLate(ticket.paymentDeadline, seenAt, new Date());
    return ticket.status === 'advance' && seenAt > ticket.paymentDeadline;
  }

  /**
   * A ticket the job closed, paid in full in time: paid after all if its reserve is still free (a
   * paid ticket never goes without it); otherwise a payment problem, and the client's choice.
   */
  async function resume(
    tx: Tx,
    ticket: TicketRow,
    actor: string,
    review: PaymentReview | null,
  ): Promise<PaymentOutcome> {
    // A closed ticket holds nothing, whatever its hold was: a paid, hard hold is taken now if that much is free.
    if (!(await secureHold(tx, { ...ticket, hold: 'soft' }))) {
      await tickets.transitionIn(tx, ticket.id, 'paymentProblem', {
        actor,
        set: { paymentProblem: 'reserve', finishedAt: null, statusReason: null },
      });
      return 'problem';
    }
    // Its promo code was let go at the expiry; taken again if nobody has it (its bonus is in the sums either way).
    if (ticket.promoCode) await holdPromo(tx, ticket.promoCode, ticket.id, ticket.userId);
    if (review) return putOnReview(tx, ticket, actor, review);
    await tickets.transitionIn(tx, ticket.id, 'resume', { actor, set: { finishedAt: null, statusReason: null } });
    return 'paid';
  }

  /** Paid in full, but screened as risky (or not screened): held for an operator until the deadline (issue 48). */
  async function putOnReview(tx: Tx, ticket: TicketRow, actor: string, review: PaymentReview): Promise<PaymentOutcome> {
    await tickets.transitionIn(tx, ticket.id, 'review', {
      actor,
      note: review.reason,
      set: { reviewDeadline: review.deadline, finishedAt: null },
    });
    return 'review';
  }

  /**
   * The ticket's next status once a payment counted: paid, a problem, or left as it is. `seenAt` is
   * when the payment was first seen: one sent in time and confirmed after the window is not late.
   * The verdict is on all that counted: a chain payment short of the sum leaves the ticket waiting for
   * the rest while its window is open or a payment sent in time is still on its way (issue 42).
   */
  async function settle(
    tx: Tx,
    ticket: TicketRow,
    {
      seenAt,
      countedBefore,
      amount,
      reporter,
      review,
    }: {
      seenAt: Date;
      countedBefore: Decimal;
      amount: string;
      reporter: PaymentReporter;
      review: PaymentReview | null;
    },
  ): Promise<PaymentOutcome> {
    const scale = scaleOf(catalog.get(), ticket.giveCode);
    const giveSum = new Decimal(ticket.giveSum);
    // Paid and backed, refunded or in the client's hands already: the payment is on the ticket, nothing moves.
    if (!paymentCanMove(ticket, countedBefore, scale)) return 'recorded';
    const actor = reporter.actor.id ? `operator:${reporter.actor.id}` : 'system';
    const received = countedBefore.plus(amount);
    const verdict = isLate(ticket, seenAt, reporter.source) ? 'late' : compareToSum(received, giveSum, scale);
    if (verdict === 'under' && reporter.source === 'chain' && ticket.status !== 'deleted') {
      const deadline = ticket.paymentDeadline;
      if (deadline && (new Date() <= deadline || (await ticketAwaitsPayment(tx, ticket.id)))) return 'recorded';
    }
    if (verdict === 'exact' && ticket.status === 'deleted') return resume(tx, ticket, actor, review);
    // A paid ticket holds its reserve hard; a soft hold (past the unpaid cap) that finds too little
    // free is the client's choice to make, as any payment problem (issue 42).
    const problem = verdict === 'exact' && !(await secureHold(tx, ticket)) ? 'reserve' : verdict;
    if (problem === 'exact') {
      // A ticket its client marked paid is reviewed too; one an operator made paid (hold `paid`) may be paying out already.
      if (review && !(ticket.status === 'new' && ticket.hold === 'paid')) return putOnReview(tx, ticket, actor, review);
      // Marked paid by the client already: the transfer bears it out, and the payout follows.
      if (!allows('confirm', ticket.status)) {
        if (ticket.status === 'new') await tickets.paidIn(tx, { ...ticket, hold: 'paid' });
        return 'recorded';
      }
      await tickets.transitionIn(tx, ticket.id, 'confirm', { actor });
      return 'paid';
    }
    await tickets.transitionIn(tx, ticket.id, 'paymentProblem', {
      actor,
      // A payment off the ticket's sum from a risky (or unscreened) source is only sent back (issue 48).
      set: { paymentProblem: review ? 'aml' : problem, finishedAt: null, statusReason: null },
    });
    return 'problem';
  }

  async function recordIn(tx: Tx, obs: IncomingPayment, reporter: PaymentReporter, review: PaymentReview | null) {
    const ticket = await lockTicket(tx, obs.ticketId);
    if (!ticket) throw new NotFoundError('ticket.notFound');
    const amount = checkedAmount(obs.amount, scaleOf(catalog.get(), ticket.giveCode), reporter.source);
    const found = await findPayment(tx, ticket.id, obs.txid);
    if (found?.goneAt && obs.gone) return { ticket, outcome: 'gone' } as const;
    // Counted once: a later sighting only refreshes the count of confirmations.
    if (found?.confirmedAt) {
      if (obs.confirmations > found.confirmations) {
        await updatePayment(tx, ticket.id, obs.txid, { confirmations: obs.confirmations });
      }
      return { ticket, outcome: 'recorded' } as const;
    }
    // A transaction back after a reorganisation (mined again) is counted from the confirmations it has now.
    const existing = found?.goneAt ? { ...found, confirmations: 0 } : found;
    // A block's time can come before the ticket (a clock, an address given out again): never earlier than it.
    const firstSeen = existing?.seenAt ?? (obs.seenAt < ticket.createdAt ? ticket.createdAt : obs.seenAt);
    const now = new Date();
    const counts = !obs.gone && Math.max(obs.confirmations, existing?.confirmations ?? 0) >= obs.required;
    // What backed the ticket before this payment counts (read before its row says so).
    const countedBefore = counts ? new Decimal(await confirmedTotal(tx, ticket.id)) : new Decimal(0);
    const state = {
      // Watchers may report out of order: the count never goes back.
      confirmations: Math.max(obs.confirmations, existing?.confirmations ?? 0),
      required: obs.required,
      confirmedAt: counts ? now : null,
      goneAt: obs.gone ? now : null,
    };
    if (existing) await updatePayment(tx, ticket.id, obs.txid, state);
    else {
      const row = await insertPayment(tx, {
        ticketId: ticket.id,
        txid: obs.txid,
        amount,
        source: reporter.source,
        seenAt: firstSeen,
        ...state,
      });
      // Told once, with the row made once per transaction; one that counts at once gets its status mail instead.
      if (!counts && !obs.gone) await tickets.queueTicketMail(tx, ticket, tickets.paymentSeenMailOf(ticket, row));
    }
    if (!counts) return { ticket, outcome: obs.gone ? 'gone' : 'seen' } as const;
    const outcome = await settle(tx, ticket, { seenAt: firstSeen, countedBefore, amount, reporter, review });
    await writeAudit(tx, {
      actorId: reporter.actor.id,
      actorName: reporter.actor.name,
      action: 'payment',
      resource: 'tickets',
      resourceId: ticket.id,
      before: { status: ticket.status },
      after: { txid: obs.txid, amount, source: reporter.source, outcome, ...(review && { aml: review.reason }) },
    });
    return { ticket, outcome };
  }

  return {
    /**
     * One observation of a payment, idempotent per (ticket, txid): the ticket's lock makes two
     * watchers reporting the same transaction take turns, and the second finds it counted.
     */
    async recordIncomingPayment(obs: IncomingPayment, reporter: PaymentReporter = WATCHER): Promise<PaymentOutcome> {
      const counts = !obs.gone && obs.confirmations >= obs.required;
      const review = screen && counts && reporter.source === 'chain' ? await screen(obs) : null;
      const { ticket, outcome } = await db.transaction(async (tx) => {
        await reporter.guard?.(tx);
        return recordIn(tx, obs, reporter, review);
      });
      if (outcome === 'paid' || outcome === 'problem' || outcome === 'review') catalog.forgetReserve(ticket.getCode);
      if (outcome !== 'recorded' && outcome !== 'gone') void mailer.flush();
      return outcome;
    },

    /** The current rate for what actually arrived, within the direction's limits: what "continue" would give. */
    async continueQuote(id: string, requester: UserRow | null): Promise<ContinueQuote> {
      const row = await tickets.readable(id, requester);
      if (row.status !== 'payment_problem') throw new ConflictError('wrong_status', 'ticket.wrongStatus');
      // Refused on AML review: only the refund remains (issue 48).
      if (row.paymentProblem === 'aml') throw new ConflictError('choice_unavailable', 'ticket.choiceUnavailable');
      const received = toAmount(
        new Decimal(await confirmedTotal(db, id)),
        scaleOf(catalog.get(), row.giveCode),
        'down',
      );
      const priced = (fixed: boolean) =>
        exchange.computeQuote({
          giveCode: row.giveCode,
          getCode: row.getCode,
          sum: received,
          direction: 'sell',
          fixed,
          promocode: undefined,
          user: requester,
          // Only the fixed quote is taken; the floating rate is shown beside it to say what fixing costs.
          skipReserveCheck: !fixed,
        });
      const { pair, sums } = await priced(true);
      const floating = await priced(false);
      const now = Date.now();
      const expires = quoteExpiry(now, pair.direction.row.quoteLifetimeSeconds);
      const quote = {
        giveSum: received,
        getSum: toAmount(sums.getSum, pair.get.row.scale, 'down'),
        rate: toRate(sums.rate),
      };
      return {
        ...quote,
        floatingRate: toRate(floating.sums.rate),
        fixedExtraPercent: pair.direction.fixedExtraPercent.toFixed(),
        expireTime: new Date(expires).toISOString(),
        validSeconds: Math.max(0, Math.floor((expires - now) / 1000)),
        quoteToken: signer.sign({
          ...quote,
          give: row.giveCode,
          get: row.getCode,
          fixed: true,
          exp: expires,
          promo: null,
          user: quoteOwner(id),
        }),
      };
    },

    /** The client accepts the quote: the ticket is paid with the new sums and holds its new get amount. */
    async continueTicket(id: string, requester: UserRow | null, quoteToken: string, lang: Lang): Promise<Ticket> {
      const row = await tickets.readable(id, requester);
      const claims = signer.verify(quoteToken);
      if (!claims || claims.user !== quoteOwner(id) || claims.give !== row.giveCode || claims.get !== row.getCode) {
        throw new ConflictError('quote_invalid', 'ticket.continueQuoteInvalid');
      }
      if (claims.exp < Date.now()) throw new ConflictError('quote_expired', 'ticket.quoteExpired');
      const updated = await db.transaction(async (tx) => {
        const ticket = await lockTicket(tx, id);
        if (ticket?.status !== 'payment_problem') throw new ConflictError('wrong_status', 'ticket.wrongStatus');
        if (ticket.paymentProblem === 'aml') throw new ConflictError('choice_unavailable', 'ticket.choiceUnavailable');
        // Another payment counted since the quote: it priced a different amount.
        if (
          claims.giveSum !==
          toAmount(new Decimal(await confirmedTotal(tx, id)), scaleOf(catalog.get(), ticket.giveCode), 'down')
        ) {
          throw new ConflictError('quote_invalid', 'ticket.continueQuoteInvalid');
        }
        const share = catalog.get().ticketShare;
        if (!(await holdReserve(tx, ticket.getCode, claims.getSum, share.toFixed()))) {
          const free = new Decimal((await readReserve(tx, ticket.getCode)) ?? '0');
          const pair = exchange.requirePair(ticket.giveCode, ticket.getCode);
          throw holdRefusal(free, share, new Decimal(claims.getSum), pair);
        }
        const usdPrice = catalog.get().currencies.get(ticket.giveCode)?.usdPrice;
        return tickets.transitionIn(tx, id, 'continue', {
          actor: 'client',
          set: {
            giveSum: claims.giveSum,
            getSum: claims.getSum,
            rate: new Decimal(claims.rate).toFixed(30, Decimal.ROUND_DOWN),
            fixed: true,
            // The money is in: the new hold is a paid one, outside the unpaid cap.
            hold: 'paid',
            // A continued exchange is priced anew, without the promo code the first quote had.
            promoCode: null,
            promoBonus: null,
            ...(usdPrice && { usdValue: new Decimal(claims.giveSum).times(usdPrice).toFixed(2, Decimal.ROUND_DOWN) }),
          },
        });
      });
      catalog.forgetReserve(updated.getCode);
      void mailer.flush();
      return tickets.view(updated, lang);
    },

    refundAddressOf,

    /**
     * Overpaid (issue 45): the exchange goes on at its original sums and rate, and the excess less the
     * give currency's refund fee is owed back to `address`. One transaction: the ticket is paid as
     * any paid ticket (its reserve held hard, its promo code taken again if free, its automatic payout
     * queued by the transition), and the refund is recorded for an operator to send.
     */
    async refundExcess(id: string, requester: UserRow | null, body: RefundExcessBody, lang: Lang): Promise<Ticket> {
      const row = await tickets.readable(id, requester);
      const address = refundAddressOf(row, body.address, 'address');
      const updated = await db.transaction(async (tx) => {
        const ticket = await lockedProblem(tx, id);
        if (ticket.paymentProblem !== 'over') throw new ConflictError('choice_unavailable', 'ticket.choiceUnavailable');
        const scale = scaleOf(catalog.get(), ticket.giveCode);
        const received = new Decimal(await confirmedTotal(tx, id));
        const offer = excessRefundOf(
          received,
          new Decimal(ticket.giveSum),
          giveCurrency(ticket)?.refundFee ?? null,
          scale,
        );
        if (!offer) throw new ConflictError('choice_unavailable', 'ticket.choiceUnavailable');
        // Another payment counted, or the fee changed, since the client saw the figures.
        if (!new Decimal(body.refund).eq(offer.refund)) {
          throw new ConflictError('choice_figures_changed', 'ticket.choiceFiguresChanged');
        }
        // As a ticket paid in time and closed meanwhile takes it (`resume`): the whole get amount, if that much is free.
        if (!(await secureHold(tx, { ...ticket, hold: 'soft' }))) throw reserveTaken(ticket);
        if (ticket.promoCode) await holdPromo(tx, ticket.promoCode, ticket.id, ticket.userId);
        return tickets.transitionIn(tx, id, 'refundExcess', {
          actor: 'client',
          set: { hold: 'paid', refundAddress: address, excessRefund: offer.refund, excessRefundFee: offer.fee },
        });
      });
      catalog.forgetReserve(updated.getCode);
      void mailer.flush();
      return tickets.view(updated, lang);
    },

    /**
     * Short, with the window still open (issue 45): the ticket awaits the rest at the same address
     * until its deadline, holding its reserve as an unpaid ticket does; the payment that brings the
     * total to the sum pays it at the original rate (the watcher's and the operator's usual path).
     */
    async payRest(id: string, requester: UserRow | null, rest: string, lang: Lang): Promise<Ticket> {
      await tickets.readable(id, requester);
      const updated = await db.transaction(async (tx) => {
        const ticket = await lockedProblem(tx, id);
        if (ticket.paymentProblem !== 'under')
          throw new ConflictError('choice_unavailable', 'ticket.choiceUnavailable');
        if (!ticket.paymentDeadline || ticket.paymentDeadline <= new Date()) {
          throw new ConflictError('payment_expired', 'ticket.paymentExpired');
        }
        const scale = scaleOf(catalog.get(), ticket.giveCode);
        const received = new Decimal(await confirmedTotal(tx, id));
        const offer = paymentChoicesOf(ticket, received, null, scale, new Date())?.payRest;
        if (!offer || !new Decimal(rest).eq(offer.rest)) {
          throw new ConflictError('choice_figures_changed', 'ticket.choiceFiguresChanged');
        }
        const hold = await takeUnpaidHold(tx, pairOf(ticket), ticket.getSum, catalog.get().ticketShare, () =>
          reserveTaken(ticket),
        );
        if (ticket.promoCode) await holdPromo(tx, ticket.promoCode, ticket.id, ticket.userId);
        return tickets.transitionIn(tx, id, 'payRest', { actor: 'client', set: { hold } });
      });
      catalog.forgetReserve(updated.getCode);
      void mailer.flush();
      return tickets.view(updated, lang);
    },

    /** The client asks for the money back, to an address of the give currency's own network. */
    async requestRefund(id: string, requester: UserRow | null, address: string, lang: Lang): Promise<Ticket> {
      const row = await tickets.readable(id, requester);
      const updated = await tickets.transition(id, 'requestRefund', {
        actor: 'client',
        set: { refundAddress: refundAddressOf(row, address, 'address') },
      });
      return tickets.view(updated, lang);
    },
  };
}

export type IncomingPaymentsService = ReturnType<typeof createIncomingPaymentsService>;
