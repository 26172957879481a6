import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, decimalString, toAmount, toInverseRate, toRate } from '@obmen/shared';
import { buy, exchangeRate, sell, type PricingInput } from './pricing';

// Prices, fees and scales of the kind the exchange really uses, as exact decimals.
const decimalArb = (min: number, max: number, scale: number) =>
  fc
    .bigInt({ min: BigInt(Math.round(min * 10 ** scale)), max: BigInt(Math.round(max * 10 ** scale)) })
    .map((units) => new Decimal(units.toString()).div(new Decimal(10).pow(scale)));

const inputArb: fc.Arbitrary<PricingInput> = fc.record({
  giveUsdPrice: decimalArb(0.000001, 200_000, 8),
  getUsdPrice: decimalArb(0.000001, 200_000, 8),
  feePercent: decimalArb(0, 10, 4),
  discountPercent: decimalArb(0, 0.3, 4),
  fixedExtraPercent: fc.constantFrom(new Decimal(0), new Decimal('0.5')),
  giveScale: fc.constantFrom(0, 2, 6, 8),
  getScale: fc.constantFrom(0, 2, 6, 8),
  bonus: fc.constant(new Decimal(0)),
});

const unit = (scale: number) => new Decimal(1).div(new Decimal(10).pow(scale));

// The figures a result is judged against, worked out far beyond the 60 digits pricing keeps, so a
// rounding at the 60th digit cannot make a right answer look wrong (or a wrong one right).
const Exact = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -200, toExpPos: 200 });
type Exact = InstanceType<typeof Exact>;
const exact = (value: Decimal) => new Exact(value.toFixed());
const amountArb = (scale: number) => decimalArb(0, 10_000_000, scale).filter((d) => d.gt(0));

describe('pricing', () => {
  it('never lets the client get more than the exact amount, and less by under one unit of the get scale', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 10 ** 9 }), (input, units) => {
        const giveSum = new Decimal(units).times(unit(input.giveScale));
        const { getSum, rate } = sell(giveSum, input);
        const worth: Exact = exact(giveSum).times(exact(rate));
        expect(exact(getSum).lte(worth)).toBe(true);
        expect(worth.minus(exact(getSum)).lt(exact(unit(input.getScale)))).toBe(true);
        expect(getSum.decimalPlaces()).toBeLessThanOrEqual(input.getScale);
      }),
    );
  });

  it('never lets the client give less than the exact amount, and more by under one unit of the give scale', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 10 ** 9 }), (input, units) => {
        const getSum = new Decimal(units).times(unit(input.getScale));
        const { giveSum, rate } = buy(getSum, input);
        const cost: Exact = exact(getSum).div(exact(rate));
        expect(exact(giveSum).gte(cost)).toBe(true);
        expect(
          exact(giveSum)
            .minus(cost)
            .lt(exact(unit(input.giveScale))),
        ).toBe(true);
        // What is given buys at least what was asked for.
        expect(sell(giveSum, input).getSum.gte(getSum)).toBe(true);
      }),
    );
  });

  it('gives back the same give amount when a sell quote is fed back as a buy quote, within one unit', () => {
    fc.assert(
      fc.property(
        inputArb.filter((i) => i.giveScale >= 2),
        fc.integer({ min: 1, max: 10 ** 9 }),
        (input, units) => {
          const giveSum = new Decimal(units).times(unit(input.giveScale));
          const quoted = sell(giveSum, input);
          fc.pre(quoted.getSum.gt(0));
          const back = buy(quoted.getSum, input);
          // The smallest give amount that still buys the quoted amount: never more than was given,
          // and giving one unit less would buy less.
          expect(back.giveSum.lte(giveSum)).toBe(true);
          expect(sell(back.giveSum, input).getSum.eq(quoted.getSum)).toBe(true);
          const lessByOne = back.giveSum.minus(unit(input.giveScale));
          expect(lessByOne.lt(0) || sell(lessByOne, input).getSum.lt(quoted.getSum)).toBe(true);
          // Where a unit of the get currency is worth less than a unit of the give currency, that is the same amount within one unit.
          if (unit(input.getScale).div(quoted.rate).lte(unit(input.giveScale))) {
            expect(giveSum.minus(back.giveSum).lte(unit(input.giveScale))).toBe(true);
          }
        },
      ),
    );
  });

  it('buys what was asked even where the quotient is a hair above a round amount (found by the property)', () => {
    const input: PricingInput = {
      giveUsdPrice: new Decimal('0.000001'),
      getUsdPrice: new Decimal('13879.15543414'),
      feePercent: new Decimal(0),
      discountPercent: new Decimal(0),
      fixedExtraPercent: new Decimal(0),
      giveScale: 8,
      getScale: 0,
      bonus: new Decimal(0),
    };
    const { giveSum } = buy(new Decimal(1), input);
    expect(sell(giveSum, input).getSum.toFixed()).toBe('1');
    expect(giveSum.toFixed(8)).toBe('13879155434.14000001');
  });

  it('lowers the fee by the discount but never below zero', () => {
    const base: PricingInput = {
      giveUsdPrice: new Decimal('0.0124'),
      getUsdPrice: new Decimal('94850.12'),
      feePercent: new Decimal('0.2'),
      discountPercent: new Decimal('0.3'),
      fixedExtraPercent: new Decimal(0),
      giveScale: 2,
      getScale: 8,
      bonus: new Decimal(0),
    };
    expect(exchangeRate(base).eq(new Decimal('0.0124').div('94850.12'))).toBe(true);
    const rate = exchangeRate({ ...base, discountPercent: new Decimal('0.05') });
    expect(rate.eq(new Decimal('0.0124').div('94850.12').times('0.99850'))).toBe(true);
  });

  it('works in exact decimals: 10 000 roubles at 2.5 % buy exactly the floor of the exact bitcoin amount', () => {
    const input: PricingInput = {
      giveUsdPrice: new Decimal('0.0124'),
      getUsdPrice: new Decimal('94850.12'),
      feePercent: new Decimal('2.5'),
      discountPercent: new Decimal(0),
      fixedExtraPercent: new Decimal(0),
      giveScale: 2,
      getScale: 8,
      bonus: new Decimal(0),
    };
    // 10000 × 0.0124 / 94850.12 × 0.975 = 0.0012746425… → 0.00127464; back: 9999.9798… → 9999.98
    expect(sell(new Decimal(10000), input).getSum.toFixed(8)).toBe('0.00127464');
    expect(buy(new Decimal('0.00127464'), input).giveSum.toFixed(2)).toBe('9999.98');
  });

  it('adds a promo bonus to what the client gets, and takes it off what they give', () => {
    fc.assert(
      fc.property(inputArb, amountArb(2), decimalArb(0.0001, 100, 4), (input, amount, bonus) => {
        const withBonus = { ...input, bonus };
        const giveSum = amount.toDecimalPlaces(input.giveScale, Decimal.ROUND_DOWN);
        fc.pre(giveSum.gt(0));
        const plain = sell(giveSum, input).getSum;
        expect(sell(giveSum, withBonus).getSum.gte(plain)).toBe(true);
        const asked = sell(giveSum, withBonus).getSum;
        expect(buy(asked, withBonus).giveSum.lte(giveSum)).toBe(true);
      }),
    );
  });

  it('never lets a float in: every result is an exact Decimal that travels as a plain decimal string', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 10 ** 9 }), fc.boolean(), (input, units, selling) => {
        const typed = new Decimal(units).times(unit(selling ? input.giveScale : input.getScale));
        const sums = selling ? sell(typed, input) : buy(typed, input);
        for (const value of [sums.giveSum, sums.getSum, sums.rate]) {
          expect(value).toBeInstanceOf(Decimal);
          expect(value.isFinite()).toBe(true);
        }
        const wire = [
          toAmount(sums.giveSum, input.giveScale, 'up'),
          toAmount(sums.getSum, input.getScale, 'down'),
          toRate(sums.rate),
          toInverseRate(sums.rate),
        ];
        for (const text of wire) {
          expect(text).not.toMatch(/e/i);
          expect(decimalString.safeParse(text).success).toBe(true);
        }
        expect(wire[0]).toMatch(input.giveScale === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${input.giveScale}}$`));
      }),
    );
  });

  it('reads the rate both ways without promising the client more than it gives', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const rate = exchangeRate(input);
        fc.pre(rate.gt(0));
        const forward = new Decimal(toRate(rate));
        const inverse = new Decimal(toInverseRate(rate));
        expect(forward.lte(rate)).toBe(true);
        // One unit got costs at least what the exact rate says.
        expect(inverse.times(rate).gte(1)).toBe(true);
      }),
    );
  });
});
