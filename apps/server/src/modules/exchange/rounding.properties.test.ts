import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, REFERRAL_TERMS, toAmount } from '@obmen/shared';
import { payoutDebitUsd, referralReward } from '../referral/referral-money';
import { buy, effectiveFee, largestGiveWithin, sell, smallestGetFrom, type PricingInput } from './pricing';

// Every lossy step says which way it rounds (issue 36). Checked here against the exact figure:
// nobody is rounded in their favour, and nobody loses more than one unit of the scale to it (a
// sum that is exactly whole can lose its last unit where 60 digits of a rate run out).

/** A decimal of up to `scale` places from an integer of units. */
const decimalOf = (units: number, scale: number) => new Decimal(units).div(new Decimal(10).pow(scale));

const pricingArb = fc.record({
  giveUsd: fc.integer({ min: 1, max: 10_000_000_000 }).map((n) => decimalOf(n, 6)),
  getUsd: fc.integer({ min: 1, max: 10_000_000_000 }).map((n) => decimalOf(n, 6)),
  fee: fc.integer({ min: 0, max: 1_500 }).map((n) => decimalOf(n, 2)),
  discount: fc.integer({ min: 0, max: 500 }).map((n) => decimalOf(n, 2)),
  fixedExtra: fc.constantFrom(new Decimal(0), new Decimal('0.5')),
  giveScale: fc.constantFrom(0, 2, 6, 8),
  getScale: fc.constantFrom(0, 2, 6, 8),
  amount: fc.integer({ min: 1, max: 1_000_000_000 }),
});

type PricingCase = typeof pricingArb extends fc.Arbitrary<infer T> ? T : never;

const inputOf = (p: PricingCase): PricingInput => ({
  giveUsdPrice: p.giveUsd,
  getUsdPrice: p.getUsd,
  feePercent: p.fee,
  discountPercent: p.discount,
  fixedExtraPercent: p.fixedExtra,
  giveScale: p.giveScale,
  getScale: p.getScale,
  bonus: new Decimal(0),
});

/** The exact rate with the discount, at a precision no amount here reaches. */
const exactRate = (input: PricingInput) =>
  input.giveUsdPrice.div(input.getUsdPrice).times(new Decimal(1).minus(effectiveFee(input).div(100)));

const unit = (scale: number) => new Decimal(10).pow(-scale);

describe('rounding is said at every lossy step, and is never worth a unit', () => {
  it('a discounted sale gives the client at most the exact amount, and less by one unit at most', () => {
    fc.assert(
      fc.property(pricingArb, (p) => {
        const input = inputOf(p);
        const giveSum = decimalOf(p.amount, p.giveScale);
        const exact = giveSum.times(exactRate(input));
        const { getSum } = sell(giveSum, input);
        expect(getSum.lte(exact)).toBe(true);
        expect(exact.minus(getSum).lte(unit(p.getScale))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('a discounted purchase asks the client at least the exact amount, and more by one unit at most', () => {
    fc.assert(
      fc.property(pricingArb, (p) => {
        const input = inputOf(p);
        fc.pre(exactRate(input).gt(0));
        const getSum = decimalOf(p.amount, p.getScale);
        const exact = getSum.div(exactRate(input));
        const { giveSum } = buy(getSum, input);
        expect(giveSum.gte(exact)).toBe(true);
        expect(giveSum.minus(exact).lte(unit(p.giveScale))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('the largest give within a cap gets at most the cap, and a unit more would reach it (the export’s frommax)', () => {
    fc.assert(
      fc.property(pricingArb, (p) => {
        const input = inputOf(p);
        const rate = exactRate(input);
        fc.pre(rate.gt(0));
        const cap = decimalOf(p.amount, p.getScale);
        const most = largestGiveWithin(cap, input);
        expect(most.times(rate).lte(cap)).toBe(true);
        expect(sell(most, input).getSum.lte(cap)).toBe(true);
        // Reaches the cap at least (exactly, where 60 digits of the rate cannot tell it from passing).
        expect(most.plus(unit(p.giveScale)).times(rate).gte(cap)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('the smallest get from a minimum give never asks less than that minimum (the export’s tomin)', () => {
    fc.assert(
      fc.property(pricingArb, (p) => {
        const input = inputOf(p);
        fc.pre(exactRate(input).gt(0));
        const giveMin = decimalOf(p.amount, p.giveScale);
        const least = smallestGetFrom(giveMin, input);
        expect(buy(least, input).giveSum.gte(giveMin)).toBe(true);
        expect(least.minus(unit(p.getScale)).lte(giveMin.times(exactRate(input)))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('a referral reward is never more than its share, and less by under a unit of its 8 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000_000 }), (cents) => {
        const ticketUsd = decimalOf(cents, 2);
        const exact = ticketUsd.times(REFERRAL_TERMS.rewardPercent).div(100);
        const reward = new Decimal(referralReward(ticketUsd));
        expect(reward.lte(exact)).toBe(true);
        expect(exact.minus(reward).lt(unit(8))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('a payout takes from the balance at least what it is worth, and more by under a unit of 8 decimals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.constantFrom(2, 6, 8),
        fc.integer({ min: 1, max: 10_000_000_000 }),
        (units, scale, priceUnits) => {
          const sum = decimalOf(units, scale);
          const price = decimalOf(priceUnits, 6);
          const exact = sum.times(price);
          const debit = new Decimal(payoutDebitUsd(sum, price));
          expect(debit.gte(exact)).toBe(true);
          expect(debit.minus(exact).lt(unit(8))).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('toAmount rounds only the way it is told', () => {
    const value = new Decimal('1.005');
    expect(toAmount(value, 2, 'down')).toBe('1.00');
    expect(toAmount(value, 2, 'up')).toBe('1.01');
    expect(toAmount(value, 2, 'half-up')).toBe('1.01');
    expect(toAmount(new Decimal('-1.005'), 2, 'down')).toBe('-1.00');
  });
});
