import DecimalJs from 'decimal.js';

/**
 * Exact decimal arithmetic for money and rates (never a JS float). 60 significant digits keep
 * every product and quotient of 38-digit numerics exact before it is rounded to a scale.
 */
export const Decimal = DecimalJs.clone({
  precision: 60,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -60,
  toExpPos: 60,
});
export type Decimal = InstanceType<typeof Decimal>;

/** Rounded toward zero to `scale` decimals: what the client gets never exceeds the exact amount. */
export const roundDown = (value: Decimal, scale: number): Decimal => value.toDecimalPlaces(scale, Decimal.ROUND_DOWN);

/** Rounded away from zero to `scale` decimals: what the client gives never falls short of the exact amount. */
export const roundUp = (value: Decimal, scale: number): Decimal => value.toDecimalPlaces(scale, Decimal.ROUND_UP);

/**
 * Which way a lossy step goes, said at every step (issue 36, as dinero.js's `transformScale` takes
 * its rounding function): `down` toward zero, `up` away from it, `half-up` to the nearest.
 */
export type Rounding = 'down' | 'up' | 'half-up';

const ROUNDING_MODES: Record<Rounding, DecimalJs.Rounding> = {
  down: DecimalJs.ROUND_DOWN,
  up: DecimalJs.ROUND_UP,
  'half-up': DecimalJs.ROUND_HALF_UP,
};

/** The wire form at `scale` decimals: fixed decimals, a dot, no exponent, rounded as asked. */
export const toAmount = (value: Decimal, scale: number, rounding: Rounding): string =>
  value.toFixed(scale, ROUNDING_MODES[rounding]);

/** Decimals of the US dollar figures kept for turnovers, rewards and partner balances. */
export const USD_SCALE = 8;

/** A US dollar figure as kept (8 decimals), rounded as asked. */
export const toUsd = (value: Decimal, rounding: Rounding): string => toAmount(value, USD_SCALE, rounding);

/** A US dollar figure as people read it, in cents, rounded as asked. */
export const toCents = (value: Decimal, rounding: Rounding): string => toAmount(value, 2, rounding);

// Rates travel as decimal strings with at most 18 decimals, like every amount on the wire.
const RATE_DECIMALS = 18;

/** A rate for display: enough significant digits for the smallest coin, no trailing zeros. */
export const toRate = (value: Decimal): string =>
  value.toSignificantDigits(12, Decimal.ROUND_DOWN).toDecimalPlaces(RATE_DECIMALS, Decimal.ROUND_DOWN).toFixed();

/**
 * The same rate read the other way (units given for one unit got), rounded up: what is shown
 * never promises the client more than the rate gives.
 */
export const toInverseRate = (rate: Decimal): string =>
  new Decimal(1)
    .div(rate)
    .toSignificantDigits(12, Decimal.ROUND_UP)
    .toDecimalPlaces(RATE_DECIMALS, Decimal.ROUND_UP)
    .toFixed();
