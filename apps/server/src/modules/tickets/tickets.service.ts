import { createHmac, randomBytes } from 'node:crypto';
import {
  type createTicketBody,
  Decimal,
  formatMessage,
  type Lang,
  type MessageKey,
  normalizeAmount,
  normalizeRequisite,
  requisiteProblem,
  type Ticket,
  type TicketList,
  type TicketStatus,
  toAmount,
  toCents,
} from '@obmen/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/database';
import type { RequisiteFieldRecord } from '../../db/schema';
import { AppError, ConflictError, NotFoundError, ParameterError } from '../../http/errors';
import type { UserRow } from '../accounts/accounts.repository';
import { findUserIdByRefNumber } from '../accounts/accounts.repository';
import type { Catalog } from '../exchange/exchange.catalog';
import { holdRefusal, type ExchangeService, type Pair, type PricedQuote } from '../exchange/exchange.service';
import { readReserve, type CurrencyRow } from '../exchange/exchange.repository';
import type { QuoteSigner } from '../exchange/quote-token';
import type { Mailer } from '../mail/mailer';
import type { SiteStateService } from '../site-state/site-state.service';
import { createTicketBatches } from './ticket-batches';
import {
  checkOpenTickets,
  clientLocks,
  lockOpenTicketsOf,
  type HoldClientKind,
  type TicketOwner,
} from './ticket-limits';
import { idempotencyOf, type Idempotency } from './ticket-idempotency';
import {
  allows,
  FINAL_STATUSES,
  RESERVE_HOLDING_STATUSES,
  TICKET_ACTIONS,
  type TicketAction,
} from './ticket-lifecycle';
import { listPayments } from './ticket-payments.repository';
import { createTicketViews } from './ticket-view';
import {
  addToReserve,
  addVerifiedCard,
  appendHistory,
  decideCardCheck,
  findReferralNumber,
  findTicket,
  findTicketByNumberAndEmail,
  findTicketByIdempotencyKey,
  holdPromo,
  holdReserve,
  insertTicket,
  isCardVerified,
  listUserTickets,
  lockExpiredTickets,
  lockTicket,
  releaseReserve,
  settlePromo,
  updateTicket,
  type NewTicket,
  type TicketRow,
} from './tickets.repository';

/** A new ticket, priced and checked, waiting for its batch on its reserve. */
interface CreateJob {
  ticket: NewTicket & { id: string; getSum: string };
  pair: Pair;
  promo: string | null;
}

interface Created {
  inserted: TicketRow;
  at: Date;
}

export interface TicketsOptions {
  db: Db;
  catalog: Catalog;
  exchange: ExchangeService;
  signer: QuoteSigner;
  mailer: Mailer;
  siteState: SiteStateService;
  publicUrl: string;
  secret: string;
  /** Runs in the transaction that makes a ticket succeed (the referral reward). */
  onSuccess?: (tx: Tx, ticket: TicketRow) => Promise<void>;
  /** Payment windows in seconds for chosen directions (`GIVE>GET`), instead of their minutes (tests, demos). */
  paymentWindowOverrides?: ReadonlyMap<string, number>;
  /** With CHAIN_WATCH: the ticket's own deposit address, taken in its creation's transaction (chain/deposits.ts). */
  allocateDeposit?: (tx: Tx, currency: CurrencyRow, giveSum: string) => Promise<Partial<NewTicket> | null>;
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

/** A concurrent create with the same Idempotency-Key won; this one rolls back and answers with that ticket. */
class IdempotentReplay extends Error {}

/**
 * How far the amount a client saw for the computed side may be from the server's recomputation of
 * a floating quote: prices move between the quote and the click, but a wrong amount is refused.
 */
export const FLOATING_TOLERANCE = new Decimal('0.01');

const ticketNotFound = () => new NotFoundError('ticket.notFound');

const ownerOf = (ticket: NewTicket): TicketOwner => ({
  email: ticket.email,
  userId: ticket.userId ?? null,
  clientIp: ticket.clientIp ?? null,
});

export function createTicketsService(options: TicketsOptions) {
  const { db, catalog, exchange, signer, mailer, siteState, publicUrl, secret, onSuccess } = options;
  const { toView, view, statusMailOf, paymentSeenMailOf } = createTicketViews({ db, catalog, publicUrl });
  const windowMs = (giveCode: string, getCode: string) => {
    const override = options.paymentWindowOverrides?.get(`${giveCode}>${getCode}`);
    if (override !== undefined) return override * 1000;
    return (catalog.get().directions.get(`${giveCode}>${getCode}`)?.row.paymentWindowMinutes ?? 30) * 60_000;
  };
  const cardCheckWindowMs = (giveCode: string, getCode: string) =>
    (catalog.get().directions.get(`${giveCode}>${getCode}`)?.row.cardCheckWindowMinutes ?? 30) * 60_000;
  const inBatch = createTicketBatches(db);
  const cardHash = (digits: string) => createHmac('sha256', secret).update(`card:${digits}`).digest('hex');
  const ownerKey = (ticket: Pick<TicketRow, 'userId' | 'email'>) =>
    ticket.userId ? `user:${ticket.userId}` : `email:${ticket.email.toLowerCase()}`;

  function validateRequisites(side: 'give' | 'get', fields: RequisiteFieldRecord[], values: Record<string, string>) {
    const problems: Record<string, MessageKey> = {};
    const clean: Record<string, string> = {};
    // Only the direction's own fields are kept with the ticket: anything else is refused, not stored.
    for (const name of Object.keys(values)) {
      if (!fields.some((field) => field.name === name))
        problems[`requisites.${side}.${name}`] = 'ticket.unknownRequisite';
    }
    for (const field of fields) {
      const problem = requisiteProblem(field, values[field.name]);
      if (problem) problems[`requisites.${side}.${field.name}`] = problem;
      else if (values[field.name]?.trim()) clean[field.name] = normalizeRequisite(field.kind, values[field.name]!);
    }
    return { problems, clean };
  }

  /** A fixed rate is honoured only as quoted: same pair, sums, promo and user, signature intact, not expired. */
  function fixedQuote(body: z.output<typeof createTicketBody>, user: UserRow | null, priced: PricedQuote) {
    const claims = body.quoteToken ? signer.verify(body.quoteToken) : null;
    const { pair } = priced;
    const same =
      claims &&
      claims.fixed &&
      claims.give === pair.give.row.code &&
      claims.get === pair.get.row.code &&
      claims.giveSum === toAmount(new Decimal(normalizeAmount(body.giveSum) ?? '-1'), pair.give.row.scale, 'up') &&
      claims.getSum === toAmount(new Decimal(normalizeAmount(body.getSum) ?? '-1'), pair.get.row.scale, 'down') &&
      claims.promo === (priced.promo?.code ?? null) &&
      claims.user === (user?.id ?? null);
    if (!claims || !same) throw new ConflictError('quote_invalid', 'ticket.quoteInvalid');
    if (claims.exp < Date.now()) throw new ConflictError('quote_expired', 'ticket.quoteExpired');
    return { giveSum: new Decimal(claims.giveSum), getSum: new Decimal(claims.getSum), rate: new Decimal(claims.rate) };
  }

  /**
   * A floating rate is recomputed now; the amount the client saw for the other side must still be
   * close to it, so nobody gets a ticket for sums they never agreed to (or tampered with).
   */
  function floatingSums(body: z.output<typeof createTicketBody>, priced: PricedQuote) {
    const computed = body.calcDirection === 'sell' ? priced.sums.getSum : priced.sums.giveSum;
    const claimedText = normalizeAmount(body.calcDirection === 'sell' ? body.getSum : body.giveSum);
    const claimed = claimedText === null ? null : new Decimal(claimedText);
    if (!claimed || claimed.minus(computed).abs().gt(computed.times(FLOATING_TOLERANCE))) {
      throw new ConflictError('sums_changed', 'ticket.sumsChanged');
    }
    return priced.sums;
  }

  /** A ticket made anew: priced, checked, then queued for its reserve (see `create`). */
  async function createNew(
    body: z.output<typeof createTicketBody>,
    user: UserRow | null,
    lang: Lang,
    idempotency: Idempotency | null,
    clientIp: string | null,
  ): Promise<Ticket> {
    if (!(await siteState.isConvertEnabled())) throw new AppError(503, 'maintenance', 'ticket.conversionDisabled');

    const sumOfSide = body.calcDirection === 'sell' ? body.giveSum : body.getSum;
    const priced = await exchange.computeQuote({
      giveCode: body.giveName,
      getCode: body.getName,
      sum: sumOfSide,
      direction: body.calcDirection,
      fixed: body.useFixed,
      promocode: body.promocode,
      user,
      skipReserveCheck: true,
    });
    const { promoError } = priced;
    if (promoError) {
      throw new ParameterError((l) => [
        { name: 'promocode', messages: [formatMessage(l, promoError.key, promoError.params)] },
      ]);
    }
    const { pair } = priced;
    const sums = body.useFixed ? fixedQuote(body, user, priced) : floatingSums(body, priced);

    const give = validateRequisites('give', pair.give.row.giveFields, body.requisites.give);
    const get = validateRequisites('get', pair.get.row.getFields, body.requisites.get);
    const problems = { ...give.problems, ...get.problems };
    if (Object.keys(problems).length > 0) {
      throw new ParameterError((l) =>
        Object.entries(problems).map(([name, key]) => ({ name, messages: [formatMessage(l, key)] })),
      );
    }

    const giveSum = toAmount(sums.giveSum, pair.give.row.scale, 'up');
    const getSum = toAmount(sums.getSum, pair.get.row.scale, 'down');
    const cardField = pair.give.row.giveFields.find((f) => f.kind === 'card');
    const card = cardField ? give.clean[cardField.name] : undefined;
    const hash = card ? cardHash(card) : null;
    const owner = { userId: user?.id ?? null, email: body.email };
    const needsCardCheck =
      pair.give.row.kind === 'card' &&
      pair.direction.row.cardVerify &&
      !(hash && (await isCardVerified(db, ownerKey(owner), hash)));
    const referrerId =
      user?.referrerId ?? (body.refId ? await findUserIdByRefNumber(db, Number(body.refId)) : undefined);
    const id = randomBytes(16).toString('base64url');

    const status: TicketStatus = needsCardCheck ? 'card_check' : 'advance';
    const ticket: CreateJob['ticket'] = {
      id,
      userId: user?.id ?? null,
      email: body.email,
      lang,
      giveCode: pair.give.row.code,
      getCode: pair.get.row.code,
      giveSum,
      getSum,
      rate: sums.rate.toFixed(30, Decimal.ROUND_DOWN),
      fixed: body.useFixed,
      feePercent: priced.fee.toFixed(4),
      discountPercent: priced.discount.toFixed(4),
      usdValue: toCents(sums.giveSum.times(pair.give.usdPrice!), 'down'),
      profitPercent: priced.fee.toFixed(4),
      promoCode: priced.promo?.code ?? null,
      promoBonus: priced.promo ? priced.promo.bonus.toFixed() : null,
      referrerId: referrerId && referrerId !== user?.id ? referrerId : null,
      requisites: { give: give.clean, get: get.clean },
      cardHash: hash,
      manual: exchange.isManual(pair.direction.row, pair.give.row),
      status,
      // Awaiting payment: until when it may be paid. Awaiting the card photo: until when it may be
      // sent (no deadline once it is, while an operator looks at it). Either way no hold is forever.
      paymentDeadline: new Date(
        Date.now() +
          (status === 'advance'
            ? windowMs(pair.give.row.code, pair.get.row.code)
            : cardCheckWindowMs(pair.give.row.code, pair.get.row.code)),
      ),
      idempotencyKey: idempotency?.key ?? null,
      idempotencyFingerprint: idempotency?.fingerprint ?? null,
      clientIp,
    };
    const job = { ticket, pair, promo: priced.promo?.code ?? null };
    const row = await inBatch(pair.get.row.code, (tx) => createOne(tx, job), clientLocks(ownerOf(ticket)));
    catalog.forgetReserve(pair.get.row.code);
    void mailer.flush();
    // A new ticket's history and card check are known: no need to read them back.
    const { inserted, at } = row;
    const referral = inserted.referrerId ? await findReferralNumber(db, inserted.referrerId) : undefined;
    return toView(
      inserted,
      [{ status: inserted.status, at: at.toISOString() }],
      { status: 'none', reason: null },
      referral === undefined ? null : String(referral),
      lang,
    );
  }

  const queueStatusMail = async (tx: Tx, row: TicketRow) =>
    mailer.enqueue(tx, statusMailOf(row, await listPayments(tx, row.id)));

  /**
   * One new ticket, in its savepoint of a batch: the reserve held only if that much is still free
   * (one conditional UPDATE, whoever else holds it), its promo code, a key that may meet its twin.
   */
  async function createOne(tx: Tx, { ticket, pair, promo }: CreateJob): Promise<Created> {
    await checkOpenTickets(tx, ownerOf(ticket));
    const share = catalog.get().ticketShare;
    if (!(await holdReserve(tx, pair.get.row.code, ticket.getSum, share.toFixed()))) {
      // Read through this transaction: asking the pool for a second connection here can starve it.
      const free = new Decimal((await readReserve(tx, pair.get.row.code)) ?? '0');
      throw holdRefusal(free, share, new Decimal(ticket.getSum), pair);
    }
    if (promo && !(await holdPromo(tx, promo, ticket.id, ticket.userId ?? null))) {
      throw ParameterError.of({ promocode: 'ticket.promoTaken' });
    }
    const deposit = options.allocateDeposit ? await options.allocateDeposit(tx, pair.give.row, ticket.giveSum) : null;
    const inserted = await insertTicket(tx, deposit ? { ...ticket, ...deposit } : ticket);
    if (!inserted) throw new IdempotentReplay();
    const at = await appendHistory(tx, {
      ticketId: ticket.id,
      fromStatus: null,
      toStatus: inserted.status,
      actor: 'client',
    });
    await queueStatusMail(tx, inserted);
    return { inserted, at };
  }

  /**
   * One status change, in the caller's transaction: the ticket is locked, the change is checked
   * against the lifecycle, the reserve and promo holds move, history and the client's mail are written.
   */
  async function transitionIn(tx: Tx, id: string, action: TicketAction, opts: TransitionOptions): Promise<TicketRow> {
    const ticket = await lockTicket(tx, id);
    if (!ticket) throw ticketNotFound();
    if (!allows(action, ticket.status)) throw new ConflictError('wrong_status', 'ticket.wrongStatus');
    const to: TicketStatus = TICKET_ACTIONS[action].to;
    const changes: Parameters<typeof updateTicket>[2] = { status: to };
    if (opts.note !== undefined) changes.statusReason = opts.note;
    if (action === 'expire') {
      changes.statusReason = ticket.status === 'card_check' ? 'card_check_expired' : 'payment_expired';
    }
    if (opts.payoutReference) changes.payoutReference = opts.payoutReference;
    if (opts.refundNote) changes.refundNote = opts.refundNote;
    if (action === 'approveCard') {
      changes.paymentDeadline = new Date(Date.now() + windowMs(ticket.giveCode, ticket.getCode));
      await decideCardCheck(tx, id, true, null);
      if (ticket.cardHash) await addVerifiedCard(tx, ownerKey(ticket), ticket.cardHash);
    }
    if (action === 'rejectCard') await decideCardCheck(tx, id, false, opts.note ?? null);
    if (FINAL_STATUSES.includes(to)) changes.finishedAt = new Date();
    if (RESERVE_HOLDING_STATUSES.includes(ticket.status) && !RESERVE_HOLDING_STATUSES.includes(to)) {
      await releaseReserve(tx, ticket.getCode, ticket.getSum, to === 'success');
      if (ticket.promoCode) await settlePromo(tx, ticket.promoCode, ticket.id, to === 'success');
    }
    if (to === 'success') await addToReserve(tx, ticket.giveCode, ticket.giveSum);
    const updated = await updateTicket(tx, id, { ...changes, ...opts.set });
    if (to === 'success' && onSuccess) await onSuccess(tx, updated);
    await appendHistory(tx, {
      ticketId: id,
      fromStatus: ticket.status,
      toStatus: to,
      actor: opts.actor,
      note: opts.note ?? null,
    });
    await queueStatusMail(tx, updated);
    if (opts.within) await opts.within(tx, ticket, updated);
    return updated;
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
          return due ? transitionIn(tx, due.id, 'expire', { actor: 'system' }) : null;
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

  return {
    transition,
    transitionIn,
    readable,

    async create(
      body: z.output<typeof createTicketBody>,
      user: UserRow | null,
      lang: Lang,
      idempotencyKey: string | undefined,
      clientIp: string | null = null,
    ): Promise<Ticket> {
      const idempotency = idempotencyOf(idempotencyKey, body, user);
      const replay = async (): Promise<Ticket | null> => {
        const existing = idempotency && (await findTicketByIdempotencyKey(db, idempotency.key));
        if (!existing) return null;
        if (existing.idempotencyFingerprint !== idempotency.fingerprint) {
          throw new AppError(422, 'idempotency_key_reused', 'ticket.idempotencyKeyReused');
        }
        return view(existing, lang);
      };
      const earlier = await replay();
      if (earlier) return earlier;
      try {
        return await createNew(body, user, lang, idempotency, clientIp);
      } catch (error) {
        // A twin with the same key that got in first took the reserve or the promo code this attempt
        // then found gone (or held the code before this one was priced): its ticket is the answer.
        const twin = await replay();
        if (twin) return twin;
        throw error;
      }
    },

    /** A ticket's id by its number and e-mail; a wrong pair is as unknown as a wrong number. */
    async find(number: number, email: string): Promise<{ id: string }> {
      const row = await findTicketByNumberAndEmail(db, number, email);
      if (!row) throw ticketNotFound();
      return { id: row.id };
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
     * An operator's one action against a client holding reserves: every open unpaid ticket of one
     * e-mail or address cancelled in one transaction, each with its history and mail; `within`
     * writes the console's audit of the whole action in that transaction.
     */
    async cancelOpenOf(
      by: HoldClientKind,
      client: string,
      opts: { actor: string; note: string | null; within: (tx: Tx, numbers: number[]) => Promise<void> },
    ): Promise<number> {
      const cancelled = await db.transaction(async (tx) => {
        const rows: TicketRow[] = [];
        for (const { id } of await lockOpenTicketsOf(tx, by, client)) {
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
     * Closes unpaid tickets whose window passed, each in its own transaction (one bad ticket cannot
     * hold back the rest); several processes share the work, SKIP LOCKED gives each ticket to one.
     */
    async expireDue(limit = 200): Promise<number> {
      let expired = 0;
      while (expired < limit) {
        const ticket = await db.transaction(async (tx) => {
          const [due] = await lockExpiredTickets(tx, 1);
          return due ? transitionIn(tx, due.id, 'expire', { actor: 'system' }) : null;
        });
        if (!ticket) break;
        expired += 1;
        catalog.forgetReserve(ticket.getCode);
      }
      if (expired > 0) void mailer.flush();
      return expired;
    },

    view,
    paymentSeenMailOf,
  };
}

export type TicketsService = ReturnType<typeof createTicketsService>;
