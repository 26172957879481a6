import {
  type calculateBody,
  Decimal,
  decimalPlaces,
  formatAmount,
  formatMessage,
  type Lang,
  type MessageKey,
  normalizeAmount,
  type Quote,
  type QuoteLimits,
  type QuoteProblem,
  type RateSource,
  roundDown,
  toAmount,
  toCents,
  toInverseRate,
  toRate,
  trimAmount,
} from '@obmen/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { ParameterError } from '../../http/errors';
import type { UserRow } from '../accounts/accounts.repository';
import type { Catalog } from './exchange.catalog';
import { DirectionUnavailableError, type Pair, type Pairs } from './exchange-pairs';
import { findTakenPromo, findUsablePromo, successfulTurnoverUsd } from './exchange.repository';
import { buy, effectiveFee, largestGiveWithin, sell, smallestGetFrom, type PricingInput, type Sums } from './pricing';
import { createQuoteCache, quoteExpiry } from './quote-cache';
import type { QuoteSigner } from './quote-token';

export interface QuoteParams {
  giveCode: string;
  getCode: string;
  /** The amount typed, on the give side for `sell`, on the get side for `buy`. */
  sum: string;
  direction: 'sell' | 'buy';
  fixed: boolean;
  promocode: string | undefined;
  user: UserRow | null;
  /** Ticket creation holds the reserve in its own transaction; the cached figure would only get in the way. */
  skipReserveCheck?: boolean;
  /** calculate: an amount refused as out of range says what it comes to (the converter shows it). */
  estimateRefusals?: boolean;
}

export interface PricedQuote {
  pair: Pair;
  sums: Sums;
  discount: Decimal;
  promo: { code: string; bonus: Decimal } | null;
  promoError: { key: MessageKey; params: Record<string, string> } | null;
  /** The fee charged, in percent: the exchanger's margin on the deal. */
  fee: Decimal;
}

/** A reason a priced amount is refused: its stable code, and the site's words for it (the first one found). */
interface RangeProblem {
  code: Exclude<QuoteProblem, 'direction_closed'>;
  refusal: () => ParameterError;
}

/** Every reason a quote is refused (none: it would be taken), and what the pair takes on each side now. */
export interface QuoteCheck {
  problems: QuoteProblem[];
  /** Null when the pair cannot be priced at all (no price, or a fee that leaves nothing). */
  limits: QuoteLimits | null;
}

/** 'Превышен лимит' and what the amount may be at most, written for reading in the request's language. */
function overLimitBy(key: 'exchange.limitOverflow' | 'exchange.ticketShare', most: Decimal, pair: Pair) {
  const amount = trimAmount(toAmount(most, pair.get.row.scale, 'down'));
  return new ParameterError((l) => [
    {
      name: 'sum',
      messages: [
        formatMessage(l, 'exchange.overLimit'),
        formatMessage(l, key, { most: formatAmount(amount, l), valute: pair.get.row.valute }),
      ],
    },
  ]);
}

/**
 * What a pair's rate is made of (issue 45): each side priced live, with the sources its price is
 * the median of and as of when; a side set by hand (or USDT, the unit) names none. One entry per
 * asset, so a rouble-to-rouble pair names the rouble's sources once.
 */
export function rateSourcesOf(pair: Pair): RateSource[] {
  const found: RateSource[] = [];
  for (const side of [pair.give, pair.get]) {
    if (side.priceSources.length === 0 || !side.priceUpdatedAt) continue;
    if (found.some((entry) => entry.valute === side.row.valute)) continue;
    found.push({ valute: side.row.valute, sources: side.priceSources, at: side.priceUpdatedAt.toISOString() });
  }
  return found;
}

/** How many confirmations a payment needs to count, when the give currency's chain is watched (issue 35). */
export const confirmationsOf = (pair: Pair): number | null =>
  pair.give.row.watchMode === 'off' ? null : pair.give.row.watchConfirmations;

/** 'Превышен лимит' with the reserve (spec §5). */
export const overLimit = (reserve: Decimal, pair: Pair) => overLimitBy('exchange.limitOverflow', reserve, pair);

/**
 * How much of a currency one ticket may take: the operator's share of what is free (ticket_limits,
 * issue 33), so no single client can hold a whole reserve. The hold checks it again in its UPDATE.
 */
export function ticketRoom(available: Decimal, share: Decimal, pair: Pair): Decimal {
  return roundDown(available.times(share), pair.get.row.scale);
}

/**
 * One order of a pair as the site takes it now from anyone (no discount, no promo): what a monitor
 * is told (issue 45). `rate` is the exact one the quote prices with.
 */
export interface OrderRange {
  rate: Decimal;
  /** The free reserve of the get currency. */
  reserve: Decimal;
  giveMin: Decimal;
  /** The direction's maximum, lowered where more would get above the reserve share one ticket may take. */
  giveMax: Decimal;
  /** The least a `buy` quote may ask for: it never comes to less than `giveMin`. */
  getMin: Decimal;
  /** What `giveMax` gets: within the reserve share. */
  getMax: Decimal;
}

/** Why a hold was refused: not that much free, or more than one ticket may take of it. */
export function holdRefusal(available: Decimal, share: Decimal, amount: Decimal, pair: Pair): ParameterError {
  return amount.gt(available)
    ? overLimit(available, pair)
    : overLimitBy('exchange.ticketShare', ticketRoom(available, share, pair), pair);
}

/**
 * Quotes: a pair's rate, an amount priced with the user's discount and a promo code, checked
 * against the range and the reserve, signed for ticket creation (calculate, course, discount).
 */
export function createQuotes({
  db,
  catalog,
  signer,
  pairs,
}: {
  db: Db;
  catalog: Catalog;
  signer: QuoteSigner;
  pairs: Pairs;
}) {
  const { requirePair } = pairs;
  const quoteCache = createQuoteCache<Quote>();

  // A user's turnover changes only when one of their tickets succeeds; a minute's cache keeps quoting cheap.
  const turnoverCache = new Map<string, { value: Decimal; at: number }>();
  async function turnoverOf(userId: string): Promise<Decimal> {
    const cached = turnoverCache.get(userId);
    if (cached && Date.now() - cached.at < 60_000) return cached.value;
    const value = new Decimal(await successfulTurnoverUsd(db, userId));
    turnoverCache.set(userId, { value, at: Date.now() });
    return value;
  }

  /** The logged-in discount (design §4): the band of the user's successful USD turnover; none for visitors. */
  async function discountFor(user: UserRow | null): Promise<{ percent: Decimal; turnover: Decimal }> {
    if (!user) return { percent: new Decimal(0), turnover: new Decimal(0) };
    const turnover = await turnoverOf(user.id);
    const band = catalog
      .get()
      .discountBands.filter((b) => turnover.gte(b.minTurnoverUsd))
      .at(-1);
    return { percent: band?.percent ?? new Decimal(0), turnover };
  }

  /** The pair's rate for anyone, before any discount or promo: what `course` and the home page show. */
  const plainRate = (pair: Pair, fixed: boolean): Decimal =>
    sell(new Decimal(1), pricingInput(pair, fixed, new Decimal(0), new Decimal(0))).rate;

  function pricingInput(pair: Pair, fixed: boolean, discount: Decimal, bonus: Decimal): PricingInput {
    return {
      giveUsdPrice: pair.give.usdPrice!,
      getUsdPrice: pair.get.usdPrice!,
      feePercent: pair.direction.feePercent,
      discountPercent: discount,
      fixedExtraPercent: fixed ? pair.direction.fixedExtraPercent : new Decimal(0),
      giveScale: pair.give.row.scale,
      getScale: pair.get.row.scale,
      bonus,
    };
  }

  /** The most one ticket of a pair may get now: the share of its free reserve (refused above it). */
  async function roomOf(pair: Pair): Promise<{ reserve: Decimal; room: Decimal }> {
    const reserve = await catalog.reserve(pair.get.row.code);
    return { reserve, room: ticketRoom(reserve, catalog.get().ticketShare, pair) };
  }

  /**
   * The range computeQuote accepts for a pair now, for anyone: the direction's range with its top
   * cut where the get would pass the reserve share. Null when no amount would pass (the share's
   * worth is below the minimum) or nothing would be paid out.
   */
  async function orderRange(pair: Pair): Promise<OrderRange | null> {
    const input = pricingInput(pair, false, new Decimal(0), new Decimal(0));
    const rate = sell(new Decimal(1), input).rate;
    if (!rate.gt(0)) return null;
    const { reserve, room } = await roomOf(pair);
    const { giveMin, giveMax, getMin, getMax } = rangeOf(pair, input, room);
    // Rounding both ways can leave a range one unit wide with no get amount in it: nothing to offer.
    if (giveMax.lt(giveMin) || getMax.lt(getMin)) return null;
    return { rate, reserve, giveMin, giveMax, getMin, getMax };
  }

  /** The direction's range with its top cut where the get would pass the ticket's room, on both sides. */
  function rangeOf(pair: Pair, input: PricingInput, room: Decimal) {
    const { direction } = pair;
    const giveMin = direction.threshold ?? direction.minSum;
    const giveMax = Decimal.min(direction.maxSum, largestGiveWithin(room, input));
    return { giveMin, giveMax, getMin: smallestGetFrom(giveMin, input), getMax: sell(giveMax, input).getSum };
  }

  /**
   * Every reason a priced amount is out of range, in the order the site tells them (it tells the
   * first): under the minimum, over the maximum, over the share of the reserve one ticket may take.
   */
  function rangeProblems(pair: Pair, sums: Sums, room: { reserve: Decimal; room: Decimal } | null): RangeProblem[] {
    const { direction } = pair;
    const problems: RangeProblem[] = [];
    if (sums.giveSum.lt(direction.threshold ?? direction.minSum)) {
      problems.push({ code: 'below_min', refusal: () => ParameterError.of({ sum: 'exchange.belowMin' }) });
    }
    if (sums.giveSum.gt(direction.maxSum)) {
      problems.push({ code: 'above_max', refusal: () => ParameterError.of({ sum: 'exchange.aboveMax' }) });
    }
    if (room && sums.getSum.gt(room.room)) {
      problems.push({
        code: 'above_reserve_share',
        refusal: () => holdRefusal(room.reserve, catalog.get().ticketShare, sums.getSum, pair),
      });
    }
    return problems;
  }

  /** The typed amount, refused (as bad input, not as a quote problem) when it is no amount or has too many decimals. */
  function amountOf(params: QuoteParams, pair: Pair | null): string {
    const amount = normalizeAmount(params.sum);
    if (amount === null) throw ParameterError.of({ sum: 'validation.pattern' });
    if (!pair) return amount;
    const sideScale = params.direction === 'sell' ? pair.give.row.scale : pair.get.row.scale;
    if (decimalPlaces(amount) > sideScale) {
      throw new ParameterError((l) => [
        { name: 'sum', messages: [formatMessage(l, 'exchange.tooManyDecimals', { value: sideScale })] },
      ]);
    }
    return amount;
  }

  const priceBy = (params: QuoteParams, amount: string, input: PricingInput): Sums =>
    params.direction === 'sell' ? sell(new Decimal(amount), input) : buy(new Decimal(amount), input);

  /** USD price of one rouble, from the first rouble currency. */
  function roubleUsdPrice(): Decimal | null {
    for (const entry of catalog.get().currencies.values()) {
      if (entry.row.valute === 'RUB' && entry.usdPrice) return entry.usdPrice;
    }
    return null;
  }

  /**
   * Prices an exchange for a pair and an amount typed on one side, and checks it against the
   * range and the reserve: what calculate answers and what ticket creation recomputes.
   */
  async function computeQuote(params: QuoteParams): Promise<PricedQuote> {
    amountOf(params, null);
    const pair = requirePair(params.giveCode, params.getCode);
    const amount = amountOf(params, pair);
    const discount = (await discountFor(params.user)).percent;
    const price = (bonus: Decimal) => {
      const input = pricingInput(pair, params.fixed, discount, bonus);
      return { input, sums: priceBy(params, amount, input) };
    };

    // A promo code adds its rouble worth to what the client gets, on exchanges worth enough (design §4).
    let { input, sums } = price(new Decimal(0));
    // A fee of 100 % or more leaves nothing to give out: the direction is as good as closed.
    if (!sums.rate.gt(0)) throw new DirectionUnavailableError();
    let promo: PricedQuote['promo'] = null;
    let promoError: PricedQuote['promoError'] = null;
    if (params.promocode) {
      const row = await findUsablePromo(db, params.promocode, params.user?.id ?? null);
      const rub = roubleUsdPrice();
      if (!row || !rub) {
        promoError = row ? { key: 'exchange.promoInvalid', params: {} } : await whyNotUsable(params);
      } else if (sums.giveSum.times(pair.give.usdPrice!).div(rub).lt(row.minRub)) {
        promoError = { key: 'exchange.promoMinimum', params: { value: toAmount(new Decimal(row.minRub), 0, 'up') } };
      } else {
        const bonus = roundDown(new Decimal(row.valueRub).times(rub).div(pair.get.usdPrice!), pair.get.row.scale);
        promo = { code: row.code, bonus };
        ({ input, sums } = price(bonus));
      }
    }

    // An amount out of range is refused with what it would come to, so the converter can show
    // the other side beside the message instead of an empty field.
    const estimate = params.estimateRefusals
      ? {
          estimate: {
            giveSum: toAmount(sums.giveSum, pair.give.row.scale, 'up'),
            getSum: toAmount(sums.getSum, pair.get.row.scale, 'down'),
          },
        }
      : {};
    const [first] = rangeProblems(pair, sums, params.skipReserveCheck ? null : await roomOf(pair));
    if (first) throw first.refusal().with(estimate);
    return { pair, sums, discount, promo, promoError, fee: effectiveFee(input) };
  }

  /**
   * The same rule as computeQuote's, answering every reason at once (issue 47: a partner's quote)
   * with the limits on both sides; a pair that is closed now is still priced, so its other reasons
   * and limits are told too. A promo code plays no part.
   */
  async function checkQuote(params: QuoteParams): Promise<QuoteCheck> {
    amountOf(params, null);
    pairs.requireKnown(params.giveCode, params.getCode);
    const open = pairs.availablePair(params.giveCode, params.getCode);
    const pair = open ?? pairs.catalogPair(params.giveCode, params.getCode);
    const closed: QuoteProblem[] = open ? [] : ['direction_closed'];
    // Without both prices the pair is closed (availablePair) and nothing can be priced.
    if (!pair || !pair.give.usdPrice || !pair.get.usdPrice) return { problems: ['direction_closed'], limits: null };
    const amount = amountOf(params, pair);
    const input = pricingInput(pair, params.fixed, (await discountFor(params.user)).percent, new Decimal(0));
    const sums = priceBy(params, amount, input);
    if (!sums.rate.gt(0)) return { problems: ['direction_closed'], limits: null };
    const room = await roomOf(pair);
    const { giveMin, giveMax, getMin, getMax } = rangeOf(pair, input, room.room);
    const { give, get } = pair;
    return {
      problems: [...closed, ...rangeProblems(pair, sums, room).map((problem) => problem.code)],
      limits: {
        give: {
          currency: give.row.code,
          min: toAmount(giveMin, give.row.scale, 'up'),
          max: toAmount(Decimal.max(giveMax, 0), give.row.scale, 'down'),
        },
        get: {
          currency: get.row.code,
          min: toAmount(getMin, get.row.scale, 'up'),
          max: toAmount(Decimal.max(getMax, 0), get.row.scale, 'down'),
        },
      },
    };
  }

  /** Says a code is used up or held by an open ticket (the client's own one by its number), else invalid. */
  async function whyNotUsable({ promocode, user }: QuoteParams): Promise<NonNullable<PricedQuote['promoError']>> {
    const taken = await findTakenPromo(db, promocode!, user?.id ?? null);
    if (!taken) return { key: 'exchange.promoInvalid', params: {} };
    if (taken.status === 'held' && taken.ticketNumber !== null && user && taken.ticketUserId === user.id) {
      return { key: 'exchange.promoHeldByYou', params: { number: String(taken.ticketNumber) } };
    }
    return { key: 'ticket.promoTaken', params: {} };
  }

  async function priceQuote(
    body: z.output<typeof calculateBody>,
    user: UserRow | null,
    lang: Lang,
    now = Date.now(),
  ): Promise<Quote> {
    const priced = await computeQuote({
      giveCode: body.giveName,
      getCode: body.getName,
      sum: body.sum,
      direction: body.direction,
      fixed: body.useFixedDirection,
      promocode: body.promocode,
      user,
      estimateRefusals: true,
    });
    const { pair, sums, discount, promo, fee } = priced;
    const lifetime = pair.direction.row.quoteLifetimeSeconds;
    const expires = quoteExpiry(now, lifetime);
    const giveSum = toAmount(sums.giveSum, pair.give.row.scale, 'up');
    const getSum = toAmount(sums.getSum, pair.get.row.scale, 'down');
    const rate = toRate(sums.rate);
    return {
      giveSum,
      getSum,
      rate,
      inverseRate: toInverseRate(sums.rate),
      expireTime: new Date(expires).toISOString(),
      expiresIn: lifetime,
      quoteToken: signer.sign({
        give: pair.give.row.code,
        get: pair.get.row.code,
        giveSum,
        getSum,
        rate,
        fixed: body.useFixedDirection,
        exp: expires,
        promo: promo?.code ?? null,
        user: user?.id ?? null,
      }),
      fee: fee.toFixed(),
      discount: discount.toFixed(),
      promo: promo && { code: promo.code, bonus: toAmount(promo.bonus, pair.get.row.scale, 'down') },
      promoError: priced.promoError && formatMessage(lang, priced.promoError.key, priced.promoError.params),
      fixed: body.useFixedDirection,
      rateSources: rateSourcesOf(pair),
      confirmations: confirmationsOf(pair),
    };
  }

  return {
    discountFor,
    /** After a user's ticket succeeded. */
    forgetTurnover: (userId: string) => turnoverCache.delete(userId),
    plainRate,

    async discount(user: UserRow) {
      const { percent, turnover } = await discountFor(user);
      return {
        percent: percent.toFixed(),
        turnoverUsd: toCents(turnover, 'down'),
        bands: catalog.get().discountBands.map((b) => ({
          minTurnoverUsd: toAmount(b.minTurnoverUsd, 0, 'up'),
          percent: b.percent.toFixed(),
        })),
      };
    },

    course(giveCode: string, getCode: string, fixed: boolean) {
      const pair = requirePair(giveCode, getCode);
      const rate = plainRate(pair, fixed);
      if (!rate.gt(0)) throw new DirectionUnavailableError();
      return { giveName: giveCode, getName: getCode, rate: toRate(rate), fixed };
    },

    computeQuote,
    checkQuote,
    orderRange,

    /**
     * calculate's answer. A visitor's quote without a promo code depends on nothing but the input,
     * the catalog and the second, so it is served from the quote cache; a user's (discount, their
     * id in the token) or a promo quote (usage checked in the database) is not. The language only
     * words a promo error, so it is not part of the key.
     */
    async calculate(body: z.output<typeof calculateBody>, user: UserRow | null, lang: Lang): Promise<Quote> {
      const key =
        user || body.promocode
          ? null
          : `${body.giveName}\n${body.getName}\n${body.sum}\n${body.direction}\n${body.useFixedDirection}`;
      const now = Date.now();
      const version = catalog.version();
      const hit = key === null ? undefined : quoteCache.get(key, now, version);
      if (hit) return hit;
      const quote = await priceQuote(body, user, lang, now);
      if (key !== null) quoteCache.set(key, quote, now, version);
      return quote;
    },
  };
}

export type Quotes = ReturnType<typeof createQuotes>;
