import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Decimal, PRICE_SOURCES, type PriceSource, type Quote, type Ticket } from '@obmen/shared';
import { startFakeRateSources, DEFAULT_COIN_PRICES, type FakeRateSources } from '../../../test/fake-rate-sources';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { currencies, prices, priceSources } from '../../db/schema';
import { createRateSources } from './rate-sources';
import { createLiveRates } from './rates.job';

let ctx: TestContext;
let fake: FakeRateSources;
const liveRates = (spreadPercent = '2', enabled: readonly PriceSource[] = PRICE_SOURCES) =>
  createLiveRates({
    database: ctx.database,
    catalog: ctx.app.services.catalog,
    sources: createRateSources(enabled, fake.urls, 300),
    spreadPercent: new Decimal(spreadPercent),
  });
let live: ReturnType<typeof createLiveRates>;

beforeAll(async () => {
  ctx = await createTestApp();
  fake = await startFakeRateSources();
  live = liveRates();
});
afterAll(async () => {
  fake.close();
  await ctx.close();
});

const EXCHANGES = ['binance', 'okx', 'bybit', 'kraken'] as const;

/** Every source answering, all exchanges at `btc` for bitcoin and both banks at 80 ₽ a dollar, refreshed twice. */
async function calm(btc = '95000') {
  for (const id of PRICE_SOURCES) fake[id].mode = 'ok';
  for (const id of EXCHANGES) {
    fake[id].prices = { ...DEFAULT_COIN_PRICES, BTC: btc };
    fake[id].ageMs = 0;
  }
  fake.cbr.usdRub = '80';
  fake.nbrb.usdRub = '80';
  await live.refresh();
  await live.refresh();
}

/** Moves every stored reading and price `seconds` into the past, as if that much time went by. */
async function timePasses(seconds: number) {
  const back = sql`make_interval(secs => ${seconds})`;
  await ctx.database.db.execute(
    sql`update price_sources set price_at = price_at - ${back}, checked_at = checked_at - ${back}`,
  );
  await ctx.database.db.execute(sql`update prices set updated_at = updated_at - ${back}`);
  await ctx.app.services.catalog.refresh();
}

const price = async (code: string) =>
  (await ctx.database.db.select().from(prices).where(eq(prices.currencyCode, code)))[0]!;
const readings = async (valute: string) =>
  Object.fromEntries(
    (await ctx.database.db.select().from(priceSources).where(eq(priceSources.valute, valute))).map((row) => [
      row.source,
      row,
    ]),
  ) as Record<PriceSource, typeof priceSources.$inferSelect>;
const course = async (give = 'BTC', get = 'SBERRUB') =>
  (await ctx.app.inject({ url: `/api/v1/Exchange/course?giveName=${give}&getName=${get}` })).json<{ rate: string }>();
const open = async (give: string, get: string) =>
  (await ctx.app.inject({ url: `/api/v1/Exchange/direction_status?giveName=${give}&getName=${get}` })).json<boolean>();
const calculate = async (payload: Record<string, string>) =>
  (await ctx.app.inject({ method: 'POST', url: '/api/v1/Exchange/calculate', payload })).json<Quote>();
/** BTC → Sberbank roubles at 1.8 %: how many roubles one bitcoin buys at these USD prices. */
const btcToRub = (btcUsd: string, rubUsd = '0.0125') =>
  new Decimal(btcUsd).div(rubUsd).times('0.982').toDecimalPlaces(2, Decimal.ROUND_DOWN).toNumber();

describe('live prices from several sources (issue 45)', () => {
  beforeEach(() => calm());

  it('takes each coin as the median of the four exchanges and the rouble as the median of the two central banks', async () => {
    fake.binance.prices.BTC = '95000.5';
    fake.okx.prices.BTC = '95010';
    fake.bybit.prices.BTC = '94990';
    fake.kraken.prices.BTC = '95020';
    await live.refresh();
    expect(await price('BTC')).toMatchObject({
      usdPrice: '95005.250000000000000000',
      source: 'median',
      sources: ['binance', 'okx', 'bybit', 'kraken'],
      maxAgeSeconds: 600,
      lastError: null,
    });
    expect(await price('SBERRUB')).toMatchObject({
      usdPrice: '0.012500000000000000',
      source: 'median',
      sources: ['cbr', 'nbrb'],
      maxAgeSeconds: 4 * 86_400,
    });
    // USDT is the unit the exchanges quote in: one dollar by definition.
    expect(await price('USDTTRC20')).toMatchObject({ usdPrice: '1.000000000000000000', source: 'par', sources: [] });
    const btc = await readings('BTC');
    expect(btc.binance).toMatchObject({ usdPrice: '95000.500000000000000000', verdict: 'counted', lastError: null });
    // Judged against the median with the price in use (95 000) as one more voice: 95 000.5.
    expect(btc.kraken).toMatchObject({ verdict: 'counted', deviationPercent: '0.0205' });
    expect(Number((await course()).rate)).toBeCloseTo(btcToRub('95005.25'), 1);
  });

  it('leaves out one source +40 %, one down and one stale: the quote is the median of the rest', async () => {
    fake.binance.prices.BTC = '133000';
    fake.okx.ageMs = 20 * 60_000;
    fake.kraken.mode = 'down';
    fake.bybit.prices.BTC = '95010';
    // Kraken has been down past the maximum age: its last reading is stale too.
    await ctx.database.db.execute(
      sql`update price_sources set price_at = price_at - interval '11 minutes' where source = 'kraken'`,
    );
    await live.refresh();
    const btc = await readings('BTC');
    expect(btc.binance).toMatchObject({ verdict: 'outlier', deviationPercent: '39.9853' });
    expect(btc.okx).toMatchObject({ verdict: 'stale' });
    expect(btc.kraken).toMatchObject({ verdict: 'stale', lastError: 'HTTP 502' });
    expect(btc.bybit).toMatchObject({ verdict: 'counted' });
    expect(await price('BTC')).toMatchObject({ usdPrice: '95010.000000000000000000', sources: ['bybit'] });
    expect(Number((await course()).rate)).toBeCloseTo(btcToRub('95010'), 1);
  });

  it('with one +40 % and one down, the quote is the median of the other two', async () => {
    fake.binance.prices.BTC = '133000';
    fake.kraken.mode = 'down';
    await ctx.database.db.execute(
      sql`update price_sources set price_at = price_at - interval '11 minutes' where source = 'kraken'`,
    );
    fake.okx.prices.BTC = '94990';
    fake.bybit.prices.BTC = '95010';
    await live.refresh();
    expect(await price('BTC')).toMatchObject({ usdPrice: '95000.000000000000000000', sources: ['okx', 'bybit'] });
  });

  it('names the sources of the rate on the order page and on a floating ticket', async () => {
    fake.binance.prices.BTC = '133000';
    fake.okx.mode = 'down';
    await ctx.database.db.execute(
      sql`update price_sources set price_at = price_at - interval '11 minutes' where source = 'okx'`,
    );
    await live.refresh();
    const quote = await calculate({ giveName: 'BTC', getName: 'SBERRUB', sum: '0.1', direction: 'sell' });
    const btc = await price('BTC');
    expect(quote.rateSources).toEqual([
      { valute: 'BTC', sources: ['bybit', 'kraken'], at: btc.updatedAt.toISOString() },
      { valute: 'RUB', sources: ['cbr', 'nbrb'], at: (await price('SBERRUB')).updatedAt.toISOString() },
    ]);
    // Bitcoin's deposits are not watched in the demo: no confirmations to state.
    expect(quote.confirmations).toBeNull();

    // USDT is no source's price: only bitcoin's sources make this rate.
    const created = await createTicket(ctx, usdtToBtc('0.01'));
    expect(created.statusCode).toBe(200);
    const ticket = created.json<Ticket>();
    expect(ticket.rateSources).toEqual([
      { valute: 'BTC', sources: ['bybit', 'kraken'], at: btc.updatedAt.toISOString() },
    ]);
    const shown = await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}` });
    expect(shown.json<Ticket>().rateSources).toEqual(ticket.rateSources);
  });

  it('says how many confirmations count when the give currency’s chain is watched', async () => {
    await ctx.database.db
      .update(currencies)
      .set({ watchMode: 'amount_tag', watchConfirmations: 3 })
      .where(eq(currencies.code, 'LTC'));
    await ctx.app.services.catalog.refresh();
    try {
      const quote = await calculate({ giveName: 'LTC', getName: 'BTC', sum: '10', direction: 'sell' });
      expect(quote.confirmations).toBe(3);
      expect(quote.rateSources.map((r) => r.valute)).toEqual(['LTC', 'BTC']);
    } finally {
      await ctx.database.db.update(currencies).set({ watchMode: 'off' }).where(eq(currencies.code, 'LTC'));
      await ctx.app.services.catalog.refresh();
    }
  });

  it('counts a source within the spread and leaves out one beyond it; the spread is a setting', async () => {
    fake.bybit.prices.BTC = '96800';
    fake.kraken.prices.BTC = '93000';
    await live.refresh();
    let btc = await readings('BTC');
    expect(btc.bybit).toMatchObject({ verdict: 'counted', deviationPercent: '1.8947' });
    expect(btc.kraken).toMatchObject({ verdict: 'outlier', deviationPercent: '-2.1053' });
    expect(await price('BTC')).toMatchObject({
      usdPrice: '95000.000000000000000000',
      sources: ['binance', 'okx', 'bybit'],
    });

    await liveRates('1').refresh();
    btc = await readings('BTC');
    expect(btc.bybit).toMatchObject({ verdict: 'outlier' });
    expect(await price('BTC')).toMatchObject({ usdPrice: '95000.000000000000000000', sources: ['binance', 'okx'] });
  });

  it('closes the directions when fewer than two sources are fresh, as a stale price does, and opens them again', async () => {
    for (const id of ['okx', 'bybit', 'kraken'] as const) fake[id].mode = 'down';
    await live.refresh();
    // Still within the maximum age: their last readings count.
    expect(await open('SBERRUB', 'BTC')).toBe(true);
    await timePasses(601);
    await live.refresh();
    expect((await readings('BTC')).binance).toMatchObject({ verdict: 'too_few' });
    expect((await price('BTC')).lastError).toBe('fewer than two fresh sources for BTC (fresh: Binance)');
    expect(await open('SBERRUB', 'BTC')).toBe(false);
    expect(await open('BTC', 'ETH')).toBe(false);
    fake.kraken.mode = 'ok';
    await live.refresh();
    expect(await open('SBERRUB', 'BTC')).toBe(true);
    expect(await price('BTC')).toMatchObject({ lastError: null, sources: ['binance', 'kraken'] });
  });

  it('has no jump guard: a move all the sources agree on is taken at once, one source’s alone is left out', async () => {
    fake.kraken.prices.BTC = '60000';
    await live.refresh();
    expect((await readings('BTC')).kraken).toMatchObject({ verdict: 'outlier' });
    expect((await price('BTC')).usdPrice).toBe('95000.000000000000000000');
    for (const id of EXCHANGES) fake[id].prices.BTC = '66500';
    await live.refresh();
    expect(await price('BTC')).toMatchObject({ usdPrice: '66500.000000000000000000', lastError: null });
    expect(Number((await course()).rate)).toBeCloseTo(btcToRub('66500'), 1);
  });

  it('keeps each source’s last reading when it fails, and says why', async () => {
    fake.okx.mode = 'refuse';
    fake.bybit.mode = 'garbage';
    fake.kraken.prices = { BTC: '95000' };
    await live.refresh();
    const btc = await readings('BTC');
    expect(btc.okx).toMatchObject({
      usdPrice: '95000.000000000000000000',
      verdict: 'counted',
      lastError: 'OKX refused: Too Many Requests (code 50011)',
    });
    expect(btc.bybit.lastError).toBe('Bybit answered with something that is not JSON');
    expect((await readings('ETH')).kraken.lastError).toBe('Kraken gave no ETH/USDT price');
  });

  it('tells the two rouble sources apart by the price in use when they disagree', async () => {
    fake.nbrb.usdRub = '84';
    await live.refresh();
    const rub = await readings('RUB');
    expect(rub.cbr).toMatchObject({ verdict: 'counted' });
    expect(rub.nbrb).toMatchObject({ verdict: 'outlier' });
    expect(await price('SBERRUB')).toMatchObject({ usdPrice: '0.012500000000000000', sources: ['cbr'] });
    // A price one source carried is no voice: the next disagreement leaves neither, and the price ages.
    await live.refresh();
    expect((await readings('RUB')).cbr).toMatchObject({ verdict: 'outlier' });
    expect((await price('SBERRUB')).lastError).toMatch(/the sources for RUB disagree/);
  });
});

describe('a price set by hand', () => {
  beforeEach(() => calm());

  it('stays as the operator set it until it is handed back to the sources', async () => {
    await ctx.database.db
      .update(prices)
      .set({ usdPrice: '3000', source: 'manual', sources: [], maxAgeSeconds: null })
      .where(eq(prices.currencyCode, 'ETH'));
    await ctx.app.services.catalog.refresh();
    await live.refresh();
    expect(await price('ETH')).toMatchObject({ usdPrice: '3000.000000000000000000', source: 'manual', sources: [] });
    const quote = await calculate({ giveName: 'ETH', getName: 'BTC', sum: '1', direction: 'sell' });
    expect(quote.rateSources.map((r) => r.valute)).toEqual(['BTC']);
    await ctx.database.db.update(prices).set({ source: 'live' }).where(eq(prices.currencyCode, 'ETH'));
    await live.refresh();
    expect(await price('ETH')).toMatchObject({ usdPrice: '3500.100000000000000000', source: 'median' });
  });
});

describe('several server processes', () => {
  it('read the sources once per interval between them (job_runs)', async () => {
    await calm();
    const before = Object.fromEntries(PRICE_SOURCES.map((id) => [id, fake[id].requests]));
    const started = new Date();
    // Two servers on one database, their jobs on: both tick at start, one claims the run.
    const servers = await Promise.all(
      [0, 1].map(() =>
        createTestApp({ database: ctx.database, startJobs: true, liveRates: { urls: fake.urls, refreshSeconds: 10 } }),
      ),
    );
    try {
      await vi.waitFor(
        async () => {
          const [btc] = await ctx.database.db.select().from(priceSources).where(eq(priceSources.source, 'kraken'));
          expect(btc!.checkedAt.getTime()).toBeGreaterThanOrEqual(started.getTime());
        },
        { timeout: 10_000, interval: 50 },
      );
      // A moment more for a second claim, were there one.
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const id of PRICE_SOURCES) expect(fake[id].requests - before[id]!).toBe(1);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });
});
