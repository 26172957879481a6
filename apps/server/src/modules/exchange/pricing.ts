import { Decimal, roundDown, roundUp } from '@obmen/shared';

export interface PricingInput {
  giveUsdPrice: Decimal;
  getUsdPrice: Decimal;
  /** The direction's fee, in percent. */
  feePercent: Decimal;
  /** The user's discount, in percent; it lowers the fee, never below zero (design §4). */
  discountPercent: Decimal;
  /** Added for a fixed rate, in percent. */
  fixedExtraPercent: Decimal;
  giveScale: number;
  getScale: number;
  /** A promo code's worth in the get currency, added to what the client gets. */
  bonus: Decimal;
}

const HUNDRED = new Decimal(100);

// Where 60 digits run out, round against the client: a product they get is cut down, a quotient
// they give is pushed up. Half-up could round a hair their way across a unit of scale.
const settings = { precision: 60, toExpNeg: -60, toExpPos: 60 };
const RoundingDown = Decimal.clone({ ...settings, rounding: Decimal.ROUND_DOWN });
const RoundingUp = Decimal.clone({ ...settings, rounding: Decimal.ROUND_UP });
const timesDown = (a: Decimal, b: Decimal) => new Decimal(new RoundingDown(a).times(new RoundingDown(b)).toFixed());
const timesUp = (a: Decimal, b: Decimal) => new Decimal(new RoundingUp(a).times(new RoundingUp(b)).toFixed());
const divUp = (a: Decimal, b: Decimal) => new Decimal(new RoundingUp(a).div(new RoundingUp(b)).toFixed());
const divDown = (a: Decimal, b: Decimal) => new Decimal(new RoundingDown(a).div(new RoundingDown(b)).toFixed());

/** The fee actually charged, in percent. */
export function effectiveFee(
  input: Pick<PricingInput, 'feePercent' | 'discountPercent' | 'fixedExtraPercent'>,
): Decimal {
  return Decimal.max(input.feePercent.minus(input.discountPercent), 0).plus(input.fixedExtraPercent);
}

/** Units of the get currency for one unit of the give currency: price(give) / price(get) × (1 − fee). */
export function exchangeRate(input: PricingInput): Decimal {
  const keep = new Decimal(1).minus(effectiveFee(input).div(HUNDRED));
  return input.giveUsdPrice.div(input.getUsdPrice).times(keep);
}

export interface Sums {
  giveSum: Decimal;
  getSum: Decimal;
  rate: Decimal;
}

/** The client says what they give: what they get is rounded down to the get currency's scale. */
export function sell(giveSum: Decimal, input: PricingInput): Sums {
  const rate = exchangeRate(input);
  return { giveSum, getSum: roundDown(timesDown(giveSum, rate).plus(input.bonus), input.getScale), rate };
}

/**
 * The client says what they want to get: what they give is rounded up to the give currency's
 * scale, so that selling that amount yields at least the amount asked for.
 */
export function buy(getSum: Decimal, input: PricingInput): Sums {
  const rate = exchangeRate(input);
  const needed = Decimal.max(getSum.minus(input.bonus), 0);
  return { giveSum: roundUp(divUp(needed, rate), input.giveScale), getSum, rate };
}

/**
 * The most the client may give so that what they get stays within `getCap` (the share of a reserve
 * one ticket may take): rounded down to the give scale, so `sell` of it never yields more than the cap.
 */
export function largestGiveWithin(getCap: Decimal, input: PricingInput): Decimal {
  const rate = exchangeRate(input);
  return roundDown(divDown(Decimal.max(getCap.minus(input.bonus), 0), rate), input.giveScale);
}

/**
 * The least the client may ask to get when they must give at least `giveMin`: rounded up to the get
 * scale, so `buy` of it never asks them to give less than the minimum.
 */
export function smallestGetFrom(giveMin: Decimal, input: PricingInput): Decimal {
  return roundUp(timesUp(giveMin, exchangeRate(input)).plus(input.bonus), input.getScale);
}
