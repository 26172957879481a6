import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { prices } from '../../db/schema';
import { createLiveRates } from './rates.job';

type Mode = 'ok' | 'error' | 'slow' | 'garbage';
let tickerMode: Mode = 'ok';
let cbrMode: Mode = 'ok';
let btc = '95000.50';

/** A local stand-in for the exchange's ticker and the CBR, answering in their real formats. */
function fakeSources(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const mode = req.url?.startsWith('/api/v3/ticker/price') ? tickerMode : cbrMode;
    if (mode === 'error') return res.writeHead(502).end('Bad gateway');
    if (mode === 'slow') return setTimeout(() => res.end('[]'), 5_000);
    if (mode === 'garbage') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    if (req.url?.startsWith('/api/v3/ticker/price')) {
      const symbols = JSON.parse(new URL(req.url, 'http://x').searchParams.get('symbols') ?? '[]') as string[];
      const quotes: Record<string, string> = {
        BTCUSDT: btc,
        ETHUSDT: '3500.1',
        LTCUSDT: '90.5',
        TONUSDT: '3.2',
        XMRUSDT: '215',
        TRXUSDT: '0.28',
        SOLUSDT: '180',
        USDCUSDT: '0.9999',
      };
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(symbols.filter((s) => quotes[s]).map((symbol) => ({ symbol, price: quotes[symbol] }))));
    }
    const xml =
      '<?xml version="1.0" encoding="windows-1251"?><ValCurs Date="21.11.2026" name="Foreign Currency Market">' +
      '<Valute ID="R01235"><NumCode>840</NumCode><CharCode>USD</CharCode><Nominal>1</Nominal><Name>Доллар США</Name><Value>80,0000</Value><VunitRate>80,0000</VunitRate></Valute>' +
      '</ValCurs>';
    const bytes = Buffer.from(new TextEncoder().encode(xml));
    return res.writeHead(200, { 'content-type': 'application/xml; charset=windows-1251' }).end(bytes);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }),
    ),
  );
}

let ctx: TestContext;
let fake: Awaited<ReturnType<typeof fakeSources>>;
let live: ReturnType<typeof createLiveRates>;
beforeAll(async () => {
  ctx = await createTestApp();
  fake = await fakeSources();
  live = createLiveRates({
    database: ctx.database,
    catalog: ctx.app.services.catalog,
    cryptoUrl: fake.url,
    cbrUrl: `${fake.url}/scripts/XML_daily.asp`,
    timeoutMs: 300,
  });
});
afterAll(async () => {
  fake.server.closeAllConnections();
  fake.server.close();
  await ctx.close();
});

const price = async (code: string) =>
  (await ctx.database.db.select().from(prices).where(eq(prices.currencyCode, code)))[0]!;
const course = async () =>
  (await ctx.app.inject({ url: '/api/v1/Exchange/course?giveName=BTC&getName=SBERRUB' })).json();

describe('live rate sources', () => {
  it('takes coin prices from the ticker and the rouble from the CBR', async () => {
    await live.refresh();
    expect(await price('BTC')).toMatchObject({
      usdPrice: '95000.500000000000000000',
      source: 'crypto-ticker',
      lastError: null,
      maxAgeSeconds: 600,
    });
    expect(await price('USDTTRC20')).toMatchObject({ usdPrice: '1.000000000000000000' });
    expect(await price('SBERRUB')).toMatchObject({ usdPrice: '0.012500000000000000', source: 'cbr' });
    // 95000.5 / 0.0125 × (1 − 1.8 %)
    expect(Number((await course()).rate)).toBeCloseTo(7_463_239.28, 1);
  });

  it('keeps the last good prices when a source fails, and says why', async () => {
    for (const mode of ['error', 'garbage'] as const) {
      tickerMode = mode;
      btc = '1';
      await live.refresh();
      const row = await price('BTC');
      expect(row.usdPrice).toBe('95000.500000000000000000');
      expect(row.lastError).toMatch(mode === 'error' ? /HTTP 502/ : /not JSON/);
    }
    tickerMode = 'ok';
    btc = '95000.50';
  });

  it('does not take a price that jumped more than a quarter, and says why', async () => {
    btc = '60000';
    await live.refresh();
    const row = await price('BTC');
    expect(row.usdPrice).toBe('95000.500000000000000000');
    expect(row.lastError).toMatch(/moved from 95000\.5 to 60000 \(more than 25 %\)/);
    btc = '97000.25';
    await live.refresh();
    expect(await price('BTC')).toMatchObject({ usdPrice: '97000.250000000000000000', lastError: null });
    btc = '95000.50';
    await live.refresh();
  });

  it('gives up on a source that does not answer in time', async () => {
    cbrMode = 'slow';
    await live.refresh();
    expect((await price('SBERRUB')).lastError).toMatch(/no answer in 300 ms/);
    cbrMode = 'ok';
  }, 30_000);

  it('closes the directions of a price that went stale', async () => {
    tickerMode = 'error';
    await ctx.database.db
      .update(prices)
      .set({ updatedAt: new Date(Date.now() - 601_000) })
      .where(eq(prices.currencyCode, 'BTC'));
    await live.refresh();
    const status = await ctx.app.inject({ url: '/api/v1/Exchange/direction_status?giveName=SBERRUB&getName=BTC' });
    expect(status.json()).toBe(false);
    tickerMode = 'ok';
    await live.refresh();
    const back = await ctx.app.inject({ url: '/api/v1/Exchange/direction_status?giveName=SBERRUB&getName=BTC' });
    expect(back.json()).toBe(true);
  });
});

describe('a price set by hand', () => {
  it('stays as the operator set it until it is handed back to its source', async () => {
    tickerMode = 'ok';
    cbrMode = 'ok';
    await ctx.database.db
      .update(prices)
      .set({ usdPrice: '3000', source: 'manual', maxAgeSeconds: null })
      .where(eq(prices.currencyCode, 'ETH'));
    await live.refresh();
    expect(await price('ETH')).toMatchObject({
      usdPrice: '3000.000000000000000000',
      source: 'manual',
      lastError: null,
    });
    await ctx.database.db.update(prices).set({ source: 'live' }).where(eq(prices.currencyCode, 'ETH'));
    await live.refresh();
    expect(await price('ETH')).toMatchObject({ usdPrice: '3500.100000000000000000', source: 'crypto-ticker' });
  });
});
