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
  type TicketChannel,
  type TicketStatus,
  toAmount,
  toCents,
} from '@obmen/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/database';
import type { RequisiteFieldRecord } from '../../db/schema';
import { AppError, ConflictError, ParameterError } from '../../http/errors';
import type { UserRow } from '../accounts/accounts.repository';
import { findUserIdByRefNumber } from '../accounts/accounts.repository';
import type { Catalog } from '../exchange/exchange.catalog';
import type { Pair } from '../exchange/exchange-pairs';
import { holdRefusal, rateSourcesOf, type PricedQuote } from '../exchange/exchange-quotes.service';
import type { ExchangeService } from '../exchange/exchange.service';
import { readReserve, type CurrencyRow } from '../exchange/exchange.repository';
import type { QuoteSigner } from '../exchange/quote-token';
import type { Mailer } from '../mail/mailer';
import type { SiteStateService } from '../site-state/site-state.service';
import { createTicketBatches } from './ticket-batches';
import { emailKey } from './email-key';
import { checkOpenTickets, clientLocks, type TicketOwner } from './ticket-limits';
import { idempotencyOf, type Idempotency } from './ticket-idempotency';
import {
  appendHistory,
  findReferralNumber,
  findTicketByIdempotencyKey,
  holdPromo,
  holdUnpaidReserve,
  type HoldKind,
  insertTicket,
  isCardVerified,
  type NewTicket,
  type TicketRow,
} from './tickets.repository';
import type { TicketViews } from './ticket-view';

/**
 * The hold of a ticket that awaits its payment: hard and under the unpaid cap, or nothing held
 * (`soft`) when only that cap is full (issue 42); refused, with the converter's words, when the
 * reserve has not that much free or one ticket may not take that much of it.
 */
export async function takeUnpaidHold(
  tx: Tx,
  pair: Pair,
  getSum: string,
  share: Decimal,
  refuse: (free: Decimal, share: Decimal, amount: Decimal, pair: Pair) => Error = holdRefusal,
): Promise<HoldKind> {
  if (await holdUnpaidReserve(tx, pair.get.row.code, getSum, share.toFixed())) return 'unpaid';
  // Read through this transaction: asking the pool for a second connection here can starve it.
  const free = new Decimal((await readReserve(tx, pair.get.row.code)) ?? '0');
  const amount = new Decimal(getSum);
  if (amount.gt(free) || amount.gt(free.times(share))) throw refuse(free, share, amount, pair);
  return 'soft';
}

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

/** What making a ticket needs of the app. */
export interface TicketCreationOptions {
  db: Db;
  catalog: Catalog;
  exchange: ExchangeService;
  signer: QuoteSigner;
  mailer: Mailer;
  siteState: SiteStateService;
  secret: string;
  /** With CHAIN_WATCH: the ticket's own deposit address, taken in its creation's transaction (chain/deposits.ts). */
  allocateDeposit?: (tx: Tx, currency: CurrencyRow, giveSum: string) => Promise<Partial<NewTicket> | null>;
  /** With AML=on (issue 48): screens the payout address before anything is held; throws to refuse the ticket. */
  screenPayout?: (get: CurrencyRow, requisites: Record<string, string>) => Promise<void>;
}

/**
 * A ticket made through a partner's channel (issue 47): it is the partner's referral whoever the
 * client is, and names the channel and the key it came through.
 */
export interface TicketAttribution {
  referrerId: string;
  channel: Exclude<TicketChannel, 'site'>;
  apiKeyId: string | null;
}

/** A concurrent create with the same Idempotency-Key won; this one rolls back and answers with that ticket. */
class IdempotentReplay extends Error {}

/**
 * How far the amount a client saw for the computed side may be from the server's recomputation of
 * a floating quote: prices move between the quote and the click, but a wrong amount is refused.
 */
export const FLOATING_TOLERANCE = new Decimal('0.01');

const ownerOf = (ticket: NewTicket): TicketOwner => ({
  email: ticket.email,
  userId: ticket.userId ?? null,
  clientIp: ticket.clientIp ?? null,
});

/**
 * Whose verified cards a card is kept among: the signed-in account's only. A visitor's e-mail is
 * typed, never proven, so anyone could claim it (issue 42): a visitor's card is checked every time.
 */
export const cardOwnerKey = (ticket: Pick<TicketRow, 'userId'>): string | null =>
  ticket.userId ? `user:${ticket.userId}` : null;

/**
 * Making a ticket (design §5): priced, its requisites checked, then queued for its reserve with the
 * others of its batch; a repeated Idempotency-Key answers with the ticket it made.
 */
export function createTicketCreation(
  options: TicketCreationOptions,
  {
    windowMs,
    cardCheckWindowMs,
    queueStatusMail,
    toView,
    view,
    createdIn,
  }: Pick<TicketViews, 'toView' | 'view'> & {
    windowMs: (giveCode: string, getCode: string) => number;
    cardCheckWindowMs: (giveCode: string, getCode: string) => number;
    queueStatusMail: (tx: Tx, row: TicketRow, payments: []) => Promise<void>;
    /** Who else hears of a new ticket, in its transaction (the notifier's `ticketCreatedIn`). */
    createdIn: (tx: Tx, row: TicketRow) => Promise<void>;
  },
) {
  const { db, catalog, exchange, signer, mailer, siteState, secret } = options;
  const inBatch = createTicketBatches(db);
  const cardHash = (digits: string) => createHmac('sha256', secret).update(`card:${digits}`).digest('hex');

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
    attribution: TicketAttribution | null,
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
    await options.screenPayout?.(pair.get.row, get.clean);

    const giveSum = toAmount(sums.giveSum, pair.give.row.scale, 'up');
    const getSum = toAmount(sums.getSum, pair.get.row.scale, 'down');
    const cardField = pair.give.row.giveFields.find((f) => f.kind === 'card');
    const card = cardField ? give.clean[cardField.name] : undefined;
    const hash = card ? cardHash(card) : null;
    const cardOwner = cardOwnerKey({ userId: user?.id ?? null });
    const needsCardCheck =
      pair.give.row.kind === 'card' &&
      pair.direction.row.cardVerify &&
      !(hash && cardOwner && (await isCardVerified(db, cardOwner, hash)));
    const referrerId =
      attribution?.referrerId ??
      user?.referrerId ??
      (body.refId ? await findUserIdByRefNumber(db, Number(body.refId)) : undefined);
    const id = randomBytes(16).toString('base64url');

    const status: TicketStatus = needsCardCheck ? 'card_check' : 'advance';
    const ticket: CreateJob['ticket'] = {
      id,
      userId: user?.id ?? null,
      email: body.email,
      emailKey: emailKey(body.email),
      lang,
      giveCode: pair.give.row.code,
      getCode: pair.get.row.code,
      giveSum,
      getSum,
      rate: sums.rate.toFixed(30, Decimal.ROUND_DOWN),
      fixed: body.useFixed,
      // A floating rate was made just now from these prices; a fixed one came with its quote.
      rateSources: body.useFixed ? [] : rateSourcesOf(pair),
      feePercent: priced.fee.toFixed(4),
      discountPercent: priced.discount.toFixed(4),
      usdValue: toCents(sums.giveSum.times(pair.give.usdPrice!), 'down'),
      profitPercent: priced.fee.toFixed(4),
      promoCode: priced.promo?.code ?? null,
      promoBonus: priced.promo ? priced.promo.bonus.toFixed() : null,
      referrerId: referrerId && referrerId !== user?.id ? referrerId : null,
      // The widget says it is the widget; it counts as one only with the partner it was embedded for.
      channel: attribution?.channel ?? (body.channel === 'embed' && body.refId ? 'embed' : 'site'),
      apiKeyId: attribution?.apiKeyId ?? null,
      requisites: { give: give.clean, get: get.clean },
      cardHash: hash,
      manual: exchange.isManual(pair.direction.row, pair.give.row, pair.get.row, sums.getSum),
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

  /**
   * One new ticket, in its savepoint of a batch: the reserve held only if that much is still free
   * (one conditional UPDATE, whoever else holds it), its promo code, a key that may meet its twin.
   */
  async function createOne(tx: Tx, { ticket, pair, promo }: CreateJob): Promise<Created> {
    await checkOpenTickets(tx, ownerOf(ticket));
    const hold = await takeUnpaidHold(tx, pair, ticket.getSum, catalog.get().ticketShare);
    if (promo && !(await holdPromo(tx, promo, ticket.id, ticket.userId ?? null))) {
      throw ParameterError.of({ promocode: 'ticket.promoTaken' });
    }
    const deposit = options.allocateDeposit ? await options.allocateDeposit(tx, pair.give.row, ticket.giveSum) : null;
    const inserted = await insertTicket(tx, { ...ticket, ...deposit, hold });
    if (!inserted) throw new IdempotentReplay();
    const at = await appendHistory(tx, {
      ticketId: ticket.id,
      fromStatus: null,
      toStatus: inserted.status,
      actor: 'client',
    });
    // Nothing can have been paid to a ticket made in this transaction: no read of its payments.
    await queueStatusMail(tx, inserted, []);
    await createdIn(tx, inserted);
    return { inserted, at };
  }

  return {
    async create(
      body: z.output<typeof createTicketBody>,
      user: UserRow | null,
      lang: Lang,
      idempotencyKey: string | undefined,
      clientIp: string | null = null,
      attribution: TicketAttribution | null = null,
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
        return await createNew(body, user, lang, idempotency, clientIp, attribution);
      } catch (error) {
        // A twin with the same key that got in first took the reserve or the promo code this attempt
        // then found gone (or held the code before this one was priced): its ticket is the answer.
        const twin = await replay();
        if (twin) return twin;
        throw error;
      }
    },
  };
}
