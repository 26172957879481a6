import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal, formatMessage } from '@obmen/shared';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { reserves } from '../../db/schema';

// The quoting rules as properties of the real calls: any pair, either side, any amount.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  // Small enough that amounts inside the range can go over it.
  await ctx.database.db.update(reserves).set({ balance: '0.05' }).where(eq(reserves.currencyCode, 'BTC'));
  await ctx.database.db.update(reserves).set({ balance: '150' }).where(eq(reserves.currencyCode, 'SOL'));
  ctx.app.services.catalog.forgetReserve('BTC');
  ctx.app.services.catalog.forgetReserve('SOL');
});
afterAll(() => ctx.close());

const E = '/api/v1/Exchange';
const PAIRS = [
  ['SBERRUB', 'BTC'],
  ['SBPRUB', 'USDTTRC20'],
  ['BTC', 'SBERRUB'],
  ['ETH', 'BTC'],
  ['XMR', 'BTC'],
  ['USDTTRC20', 'SOL'],
  ['TON', 'TRX'],
  ['USDTTRC20', 'USDCERC20'],
] as const;

interface PairFacts {
  giveScale: number;
  getScale: number;
  floor: Decimal;
  max: Decimal;
  reserve: Decimal;
}
const facts = new Map<string, PairFacts>();

async function factsOf(give: string, get: string): Promise<PairFacts> {
  const key = `${give}>${get}`;
  const known = facts.get(key);
  if (known) return known;
  const json = async <T>(url: string) => (await ctx.app.inject({ url })).json<T>();
  const range = await json<{ minSum: string; threshold?: string; maxSum: string }>(
    `${E}/get_range?giveName=${give}&getName=${get}`,
  );
  const reserve = await json<{ reserveAmount: string }>(`${E}/get_reserve/${get}`);
  const giveCurrency = await json<{ scale: number }>(`${E}/get_currency/${give}`);
  const getCurrency = await json<{ scale: number }>(`${E}/get_currency/${get}`);
  const result = {
    giveScale: giveCurrency.scale,
    getScale: getCurrency.scale,
    floor: new Decimal(range.threshold ?? range.minSum),
    max: new Decimal(range.maxSum),
    reserve: new Decimal(reserve.reserveAmount),
  };
  facts.set(key, result);
  return result;
}

const unit = (scale: number) => new Decimal(1).div(new Decimal(10).pow(scale));

/** Every number in a JSON text: amounts must never be among them, only whole counts. */
function numbersIn(text: string): number[] {
  const found: number[] = [];
  JSON.parse(text, (_key, value: unknown) => {
    if (typeof value === 'number') found.push(value);
    return value;
  });
  return found;
}

async function calculate(give: string, get: string, sum: string, direction: 'sell' | 'buy') {
  return ctx.app.inject({
    method: 'POST',
    url: `${E}/calculate`,
    payload: { giveName: give, getName: get, sum, direction },
  });
}

const quoteArb = fc.record({
  pair: fc.constantFrom(...PAIRS),
  direction: fc.constantFrom('sell' as const, 'buy' as const),
  // Spread evenly over orders of magnitude, from dust to well past any maximum.
  mantissa: fc.integer({ min: 0, max: 999_999 }),
  exponent: fc.integer({ min: -9, max: 3 }),
});

describe('calculate, as properties of the call', () => {
  it('quotes exact decimals in each currency’s scale, within the range and never above the reserve', async () => {
    const messages = new Set(
      (['exchange.belowMin', 'exchange.aboveMax', 'exchange.overLimit'] as const).map((k) => formatMessage('ru', k)),
    );
    await fc.assert(
      fc.asyncProperty(quoteArb, async ({ pair: [give, get], direction, mantissa, exponent }) => {
        const f = await factsOf(give, get);
        const scale = direction === 'sell' ? f.giveScale : f.getScale;
        const sum = new Decimal(mantissa)
          .times(new Decimal(10).pow(exponent))
          .toDecimalPlaces(scale, Decimal.ROUND_DOWN)
          .toFixed(scale);
        const res = await calculate(give, get, sum, direction);
        expect(res.statusCode === 200 || res.statusCode === 400).toBe(true);
        // No float ever: the only JSON number of a quote is its lifetime in whole seconds.
        for (const n of numbersIn(res.body)) expect(Number.isInteger(n)).toBe(true);
        if (res.statusCode === 400) {
          const [error] = res.json().parameterErrors;
          expect(error.name).toBe('sum');
          expect(messages.has(error.messages[0])).toBe(true);
          return;
        }
        const quote = res.json();
        expect(quote.giveSum).toMatch(f.giveScale ? new RegExp(`^\\d+\\.\\d{${f.giveScale}}$`) : /^\d+$/);
        expect(quote.getSum).toMatch(f.getScale ? new RegExp(`^\\d+\\.\\d{${f.getScale}}$`) : /^\d+$/);
        const giveSum = new Decimal(quote.giveSum);
        const getSum = new Decimal(quote.getSum);
        expect(getSum.lte(f.reserve)).toBe(true);
        expect(giveSum.gte(f.floor) && giveSum.lte(f.max)).toBe(true);
        // What was typed comes back unchanged.
        expect(direction === 'sell' ? giveSum.eq(sum) : getSum.eq(sum)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('gives back the same give amount, within one unit, when a sell quote is fed back as a buy quote', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PAIRS),
        fc.integer({ min: 0, max: 1_000_000 }),
        async ([give, get], permille) => {
          const f = await factsOf(give, get);
          // Anywhere inside the range, to the give currency's scale.
          const span = f.max.minus(f.floor);
          const sum = f.floor
            .plus(span.times(permille).div(1_000_000))
            .toDecimalPlaces(f.giveScale, Decimal.ROUND_DOWN);
          const sold = await calculate(give, get, sum.toFixed(f.giveScale), 'sell');
          fc.pre(sold.statusCode === 200);
          const quote = sold.json();
          fc.pre(new Decimal(quote.getSum).gt(0));
          const bought = await calculate(give, get, quote.getSum, 'buy');
          fc.pre(bought.statusCode === 200); // rounding down may land just under the minimum
          const back = new Decimal(bought.json().giveSum);
          expect(back.lte(sum)).toBe(true);
          // Where one unit got is worth less than one unit given, that is the same amount within one unit.
          const rate = new Decimal(quote.rate);
          if (unit(f.getScale).div(rate).lte(unit(f.giveScale))) {
            expect(sum.minus(back).lte(unit(f.giveScale))).toBe(true);
          }
          expect(bought.json().getSum).toBe(quote.getSum);
        },
      ),
      { numRuns: 120 },
    );
  });
});
