import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Decimal } from '@obmen/shared';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { directions, priceSources, reserves, ticketLimits } from '../../db/schema';
import { claimRun, finishRun } from '../jobs/job-runs.repository';
import { EVENT_LOOP_SAMPLE_MS } from './metrics';
import { EXPORT_CACHE_CONTROL } from './monitoring.routes';
import { createRatesExport } from './rates-export';

const METRICS_TOKEN = 'metrics-token-for-the-scraper-0123456789';
const SCRAPER = { authorization: `Bearer ${METRICS_TOKEN}` };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ metrics: { token: METRICS_TOKEN } });
});
afterAll(() => ctx.close());

const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const code = z.string().regex(/^[A-Z0-9]+$/);
/** Minutes, or a percentage of the market's move, after which an order's rate may be reconsidered. */
const holdMinutes = z
  .string()
  .regex(/^\d+$/)
  // BestChange's floating label: only a rate fixed for 30 minutes or less (wiki/labels.html).
  .refine((minutes) => Number(minutes) <= 30, 'floating only up to 30 minutes');
const percent = z.string().regex(/^\d+(\.\d+)?%$/);
/** A fee: a number in the currency, or a percentage. */
const fee = z.string().regex(/^\d+(\.\d+)?%?$/);
/** 1.0's range: a number in `from`, with or without the currency's code after a space. */
const legacyAmount = z.string().regex(/^\d+(\.\d+)?( [A-Z]{3,})?$/);
const LABELS = ['manual', 'cardverify', 'verifying', 'juridical', 'reg', 'otherin', 'otherout'] as const;
// The legacy file as bestchange.com/wiki/rates.html lists its elements: the seven required, the
// optional ones, nothing else. A strict object refuses any element the standard does not name.
const itemSchema = z.strictObject({
  from: code,
  to: code,
  in: decimal,
  out: decimal,
  amount: decimal,
  minamount: legacyAmount,
  maxamount: legacyAmount,
  minfee: fee.optional(),
  fromfee: fee.optional(),
  tofee: fee.optional(),
  floating: z.union([holdMinutes, percent]).optional(),
  delay: z.string().regex(/^\d+$/).optional(),
  param: z
    .string()
    .regex(new RegExp(`^(${LABELS.join('|')})(, (${LABELS.join('|')}))*$`))
    .optional(),
  city: code.optional(),
});
const documentSchema = z.strictObject({ rates: z.strictObject({ item: z.array(itemSchema) }) });
// EREF 1.1 as docs.bestchange.biz/main and release/1.1 list it (schema location 1.1.xsd): the range
// renamed frommin/frommax, the new tomin/tomax, the hold as an attribute, each label its own
// boolean element (present only when true), and 1.0's elements still allowed ("backward compatible").
const label = z.literal('true').optional();
const eref11Schema = z.strictObject({
  rates: z.strictObject({
    '@_xmlns:xsi': z.literal('http://www.w3.org/2001/XMLSchema-instance'),
    '@_xsi:noNamespaceSchemaLocation': z.literal('https://docs.bestchange.biz/schema/1.1.xsd'),
    item: z.array(
      z.strictObject({
        from: code,
        to: code,
        in: decimal,
        out: decimal,
        amount: decimal,
        frommin: decimal,
        frommax: decimal,
        tomin: decimal.optional(),
        tomax: decimal.optional(),
        fromfee: fee.optional(),
        tofee: fee.optional(),
        floating: z.strictObject({ '@_minutes': holdMinutes.optional(), '@_percent': decimal.optional() }).optional(),
        delay: z.string().regex(/^\d+$/).optional(),
        city: code.optional(),
        manual: label,
        cardverify: label,
        verifying: label,
        juridical: label,
        reg: label,
        otherin: label,
        otherout: label,
        minamount: legacyAmount.optional(),
        maxamount: legacyAmount.optional(),
      }),
    ),
  }),
});
const parse = (xml: string) =>
  new XMLParser({
    parseTagValue: false,
    isArray: (name) => name === 'item',
    ignoreDeclaration: true,
    ignoreAttributes: false,
  }).parse(xml);
type LegacyItem = z.infer<typeof itemSchema>;
type Eref11Item = z.infer<typeof eref11Schema>['rates']['item'][number];
const find = <T extends { from: string; to: string }>(items: T[], pair: string) =>
  items.find((i) => `${i.from}>${i.to}` === pair);
const legacyFile = async () =>
  documentSchema.parse(parse((await ctx.app.inject({ url: '/export/rates.xml' })).body)).rates.item as LegacyItem[];
const eref11File = async () =>
  eref11Schema.parse(parse((await ctx.app.inject({ url: '/export/rates.xml?v=1.1' })).body)).rates.item as Eref11Item[];
/** The number of a 1.0 amount ("3000 RUB" or "3000"). */
const numberOf = (amount: string) => new Decimal(amount.split(' ')[0]!);

// 1 BTC costs 94850.12 / 0.0124 / (1 − 2.5 %) roubles: the rate of SBERRUB → BTC a quote prices with.
const SBER_BTC_RATE = new Decimal('0.0124').div('94850.12').times('0.975');

async function setTicketShare(percent: string) {
  await ctx.database.db.update(ticketLimits).set({ reserveSharePercent: percent });
  await ctx.app.services.catalog.changed();
}

async function setWindow(give: string, get: string, minutes: number) {
  await ctx.database.db
    .update(directions)
    .set({ paymentWindowMinutes: minutes })
    .where(and(eq(directions.giveCode, give), eq(directions.getCode, get)));
  await ctx.app.services.catalog.changed();
}

const calculate = (sum: string, direction: 'sell' | 'buy') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/Exchange/calculate',
    headers: { 'accept-language': 'en' },
    payload: { giveName: 'SBERRUB', getName: 'BTC', sum, direction },
  });

describe('GET /export/rates.xml', () => {
  it('lists every available direction in the monitors’ format, with exact decimals', async () => {
    const res = await ctx.app.inject({ url: '/export/rates.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const items = documentSchema.parse(parse(res.body)).rates.item;
    const pairs = items.map((i) => `${i.from}>${i.to}`);
    expect(pairs).toContain('SBERRUB>BTC');
    expect(pairs).not.toContain('XMR>SOL');
    const sber = find(items, 'SBERRUB>BTC')!;
    expect(sber).toMatchObject({
      out: '1',
      amount: '3.25487310',
      minamount: '3000 RUB',
      maxamount: '1500000 RUB',
      floating: '30',
      param: 'manual, cardverify',
    });
    // Roubles for 1 BTC, to 12 significant digits rounded up: never a better rate than a quote gives.
    const perBtc = new Decimal(1).div(SBER_BTC_RATE);
    expect(new Decimal(sber.in).gte(perBtc)).toBe(true);
    expect(new Decimal(sber.in).minus(perBtc).lt('0.00001')).toBe(true);
    // Nobody watches the chains here: every direction, coin to coin too, waits for a person.
    const coins = find(items, 'BTC>USDTTRC20')!;
    expect(coins.in).toBe('1');
    expect(coins.param).toBe('manual');
    expect(items.every((i) => i.param?.startsWith('manual'))).toBe(true);
  });

  it('serves EREF 1.1 at ?v=1.1: the same directions, both ranges as numbers, labels as elements, 1.0’s range too', async () => {
    const legacy = await legacyFile();
    const res = await ctx.app.inject({ url: '/export/rates.xml?v=1.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const items = eref11Schema.parse(parse(res.body)).rates.item;
    expect(items.map((i) => `${i.from}>${i.to}`)).toEqual(legacy.map((i) => `${i.from}>${i.to}`));
    const legacySber = find(legacy, 'SBERRUB>BTC')!;
    expect(find(items, 'SBERRUB>BTC')).toEqual({
      from: 'SBERRUB',
      to: 'BTC',
      in: legacySber.in,
      out: '1',
      amount: legacySber.amount,
      frommin: '3000',
      frommax: '1500000',
      // What 3000 and 1 500 000 roubles come to, the least rounded up and the most down.
      tomin: SBER_BTC_RATE.times(3000).toDecimalPlaces(8, Decimal.ROUND_UP).toFixed(),
      tomax: SBER_BTC_RATE.times(1_500_000).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
      floating: { '@_minutes': '30' },
      manual: 'true',
      cardverify: 'true',
      // BestChange's cabinet still reads 1.0's names (1.1 is backward compatible with 1.0).
      minamount: '3000 RUB',
      maxamount: '1500000 RUB',
    });
    for (const item of items) {
      expect(new Decimal(item.frommin).lte(item.frommax), `${item.from}>${item.to}`).toBe(true);
      expect(new Decimal(item.tomin!).lte(item.tomax!), `${item.from}>${item.to}`).toBe(true);
      expect(numberOf(item.minamount!).toFixed()).toBe(item.frommin);
      expect(numberOf(item.maxamount!).toFixed()).toBe(item.frommax);
    }
    expect(find(items, 'BTC>USDTTRC20')!.cardverify).toBeUndefined();
    expect((await ctx.app.inject({ url: '/export/rates.xml?v=2' })).statusCode).toBe(400);
  });

  it('caps the maximum at the reserve share one ticket may take: frommax × rate ≤ share, and the site takes it', async () => {
    // 5 % of 3.2548731 BTC is worth about 1.28 million roubles, below the direction's 1.5 million.
    await setTicketShare('5');
    try {
      const share = new Decimal('0.16274365');
      const sber = find(await eref11File(), 'SBERRUB>BTC')!;
      const frommax = new Decimal(sber.frommax);
      expect(frommax.lt(1_500_000)).toBe(true);
      // At the rate the file states, and at the one a quote prices with.
      expect(frommax.times(sber.out).div(sber.in).lte(share)).toBe(true);
      expect(frommax.times(SBER_BTC_RATE).lte(share)).toBe(true);
      // Rounded down by one kopeck at most: a kopeck more would be above the share.
      expect(frommax.plus('0.01').times(SBER_BTC_RATE).gt(share)).toBe(true);
      expect(new Decimal(sber.tomax!).lte(share)).toBe(true);
      expect(find(await legacyFile(), 'SBERRUB>BTC')!.maxamount).toBe(`${sber.frommax} RUB`);

      // What the site really accepts: the file's maximum is quoted, more than the share is refused.
      const most = await calculate(sber.frommax, 'sell');
      expect(most.statusCode, most.body).toBe(200);
      expect(most.json().getSum).toBe(new Decimal(sber.tomax!).toFixed(8));
      // The first amount whose get passes the share by a satoshi is refused as above it.
      const past = share.plus('0.00000001').div(SBER_BTC_RATE).toDecimalPlaces(2, Decimal.ROUND_UP);
      const over = await calculate(past.toFixed(2), 'sell');
      expect(over.statusCode).toBe(400);
      expect(over.body).toContain('One ticket may take at most 0.16274365 BTC');
      // Asked on the get side, tomax and tomin are quoted within frommin…frommax.
      const mostGot = await calculate(sber.tomax!, 'buy');
      expect(mostGot.statusCode, mostGot.body).toBe(200);
      expect(new Decimal(mostGot.json().giveSum).lte(frommax)).toBe(true);
      const leastGot = await calculate(sber.tomin!, 'buy');
      expect(leastGot.statusCode, leastGot.body).toBe(200);
      expect(new Decimal(leastGot.json().giveSum).gte(sber.frommin)).toBe(true);

      // A share worth less than the minimum order: nothing can be exchanged, nothing is exported.
      await setTicketShare('0.01');
      expect(find(await eref11File(), 'SBERRUB>BTC')).toBeUndefined();
      expect(find(await legacyFile(), 'SBERRUB>BTC')).toBeUndefined();
      expect((await calculate('3000', 'sell')).statusCode).toBe(400);
    } finally {
      await setTicketShare('100');
    }
  });

  it('labels floating only a direction whose payment window is 30 minutes or less: 45 minutes yields none', async () => {
    await setWindow('SBERRUB', 'BTC', 45);
    try {
      const legacy = find(await legacyFile(), 'SBERRUB>BTC')!;
      const eref = find(await eref11File(), 'SBERRUB>BTC')!;
      expect(legacy.floating).toBeUndefined();
      expect(eref.floating).toBeUndefined();
      // Still exported, with everything else it says.
      expect(legacy.param).toBe('manual, cardverify');
      expect(eref.frommax).toBe('1500000');
      // The other directions keep their 30 minutes.
      expect(find(await legacyFile(), 'BTC>USDTTRC20')!.floating).toBe('30');
      expect(find(await eref11File(), 'BTC>USDTTRC20')!.floating).toEqual({ '@_minutes': '30' });
    } finally {
      await setWindow('SBERRUB', 'BTC', 30);
    }
    expect(find(await legacyFile(), 'SBERRUB>BTC')!.floating).toBe('30');
  });

  it('leaves out a direction outside its working hours, in both files', async () => {
    const { db } = ctx.database;
    // An hour of Moscow time two hours from now: closed at this minute, whenever the test runs.
    const clock = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;
    const moscowHour = new Date(Date.now() + 3 * 3600_000).getUTCHours();
    const shut = { opensAt: clock(moscowHour + 2), closesAt: clock(moscowHour + 3) };
    await db
      .update(directions)
      .set(shut)
      .where(and(eq(directions.giveCode, 'SBERRUB'), eq(directions.getCode, 'BTC')));
    await ctx.app.services.catalog.changed();
    try {
      for (const url of ['/export/rates.xml', '/export/rates.xml?v=1.1']) {
        const body = (await ctx.app.inject({ url })).body;
        expect(body).toContain('<from>SBERRUB</from>');
        expect(body).not.toMatch(/<from>SBERRUB<\/from>\s*<to>BTC<\/to>/);
      }
      expect(
        (await ctx.app.inject({ url: '/api/v1/Exchange/direction_status?giveName=SBERRUB&getName=BTC' })).body,
      ).toBe('false');
    } finally {
      await db
        .update(directions)
        .set({ opensAt: null, closesAt: null })
        .where(and(eq(directions.giveCode, 'SBERRUB'), eq(directions.getCode, 'BTC')));
      await ctx.app.services.catalog.changed();
    }
  });

  it('is asked again every time (no-cache) and answered 304 while unchanged; empty during maintenance', async () => {
    const first = await ctx.app.inject({ url: '/export/rates.xml' });
    const etag = first.headers.etag as string;
    // BestChange recommends an ETag or Last-Modified (docs.bestchange.biz/main): the ETag is the hash of
    // the bytes, the same from every process; no cache may hand the file out without asking again.
    expect(first.headers['cache-control']).toBe(EXPORT_CACHE_CONTROL);
    expect(first.headers.vary).toBe('accept-encoding');
    const unchanged = await ctx.app.inject({ url: '/export/rates.xml', headers: { 'if-none-match': etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.headers['cache-control']).toBe(EXPORT_CACHE_CONTROL);
    await ctx.app.services.siteState.update({ convertEnabled: false });
    try {
      const paused = await ctx.app.inject({ url: '/export/rates.xml', headers: { 'if-none-match': etag } });
      expect(paused.statusCode).toBe(200);
      expect(parse(paused.body).rates).toBe('');
      expect(paused.headers['cache-control']).toBe(EXPORT_CACHE_CONTROL);
    } finally {
      await ctx.app.services.siteState.update({ convertEnabled: true });
    }
  });

  it('exports no directions, kept by nobody, while the database is away, and logs why', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const away = await createTestApp({ logger: { level: 'warn', stream } });
    try {
      expect(
        documentSchema.parse(parse((await away.app.inject({ url: '/export/rates.xml' })).body)).rates.item,
      ).not.toHaveLength(0);
      await away.database.close();
      away.app.services.catalog.forgetReserve('BTC');
      for (const url of ['/export/rates.xml', '/export/rates.xml?v=1.1']) {
        const res = await away.app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.body).not.toContain('<item>');
        expect(parse(res.body).rates).toBeDefined();
      }
      const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(logged.filter((entry) => entry.level === 50).map((entry) => entry.msg)).toContain(
        'the rates export could not be built: no directions exported',
      );
    } finally {
      // Its listener cannot unlisten from a database that is gone: the close says so, and that is all.
      await away.app.close().catch(() => {});
    }
  });
});

describe('the rates export build', () => {
  it('is shared within a second and catalog version, and made again when either moves', async () => {
    let now = 1_000_500;
    const { catalog, exchange } = ctx.app.services;
    const ratesExport = createRatesExport(catalog, exchange, {}, () => now);
    const first = await ratesExport.xml();
    now += 400;
    expect(await ratesExport.xml()).toBe(first);
    now += 200;
    const nextSecond = await ratesExport.xml();
    expect(nextSecond).not.toBe(first);
    catalog.forgetReserve('BTC');
    expect(await ratesExport.xml()).not.toBe(nextSecond);
    expect((await ratesExport.xml()).equals(first)).toBe(true);
  });

  it('shows an operator’s new balance in the next export', async () => {
    const btc = find(await legacyFile(), 'SBERRUB>BTC')!;
    await ctx.database.db.update(reserves).set({ balance: '4.2548731' }).where(eq(reserves.currencyCode, 'BTC'));
    ctx.app.services.catalog.forgetReserve('BTC');
    const moved = find(await legacyFile(), 'SBERRUB>BTC')!;
    expect(new Decimal(moved.amount).minus(btc.amount).toFixed()).toBe('1');
    await ctx.database.db.update(reserves).set({ balance: '3.2548731' }).where(eq(reserves.currencyCode, 'BTC'));
    ctx.app.services.catalog.forgetReserve('BTC');
  });

  it('writes bare numbers in minamount and maxamount when RATES_EXPORT_BARE_AMOUNTS is on', async () => {
    const { catalog, exchange } = ctx.app.services;
    const bare = createRatesExport(catalog, exchange, { bareAmounts: true });
    const legacy = documentSchema.parse(parse((await bare.xml('legacy')).toString())).rates.item;
    expect(find(legacy, 'SBERRUB>BTC')).toMatchObject({ minamount: '3000', maxamount: '1500000' });
    const eref = eref11Schema.parse(parse((await bare.xml('1.1')).toString())).rates.item;
    expect(find(eref, 'SBERRUB>BTC')).toMatchObject({ frommin: '3000', minamount: '3000', maxamount: '1500000' });
  });
});

describe('observability', () => {
  it('exports Prometheus metrics: request latency by route, tickets, reserves, price and job ages', async () => {
    await ctx.app.inject({ url: '/api/v1/Exchange/get_currencies/give' });
    await claimRun(ctx.database.db, 'expire_tickets', 10);
    await finishRun(ctx.database.db, 'expire_tickets', null);
    const checkedAt = new Date();
    await ctx.database.db.insert(priceSources).values([
      { valute: 'BTC', source: 'okx', usdPrice: '95000', priceAt: checkedAt, checkedAt, verdict: 'counted' },
      { valute: 'BTC', source: 'kraken', usdPrice: '133000', priceAt: checkedAt, checkedAt, verdict: 'outlier' },
    ]);
    const res = await ctx.app.inject({ url: '/metrics', headers: SCRAPER });
    await ctx.database.db.delete(priceSources);
    expect(res.body).toMatch(/obmen_price_sources_counted\{valute="BTC"\} 1/);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toMatch(
      /obmen_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/Exchange\/get_currencies\/:side",status_code="200"\} \d+/,
    );
    expect(res.body).toMatch(/obmen_reserve_available\{currency="BTC"\} 3\.2548731/);
    expect(res.body).toMatch(/obmen_price_age_seconds\{currency="BTC",source="static"\} \d/);
    expect(res.body).toContain('# TYPE obmen_tickets gauge');
    expect(res.body).toMatch(/obmen_job_last_success_age_seconds\{job="expire_tickets"\} \d/);
  });

  it('keeps the process metrics, the event-loop lag sampled every 100 ms among them', async () => {
    await new Promise((resolve) => setTimeout(resolve, 2 * EVENT_LOOP_SAMPLE_MS));
    const res = await ctx.app.inject({ url: '/metrics', headers: SCRAPER });
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'process_cpu_seconds_total',
    ]) {
      expect(res.body).toMatch(new RegExp(`^${name} [0-9.e-]+$`, 'm'));
    }
  });

  it('answers /metrics only to the bearer of METRICS_TOKEN', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: METRICS_TOKEN }]) {
      const refused = await ctx.app.inject({ url: '/metrics', headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(refused.body).not.toContain('obmen_');
    }
    expect((await ctx.app.inject({ url: '/metrics', headers: SCRAPER })).statusCode).toBe(200);
  });

  it('serves no /metrics at all without a token, and on METRICS_PORT only on the loopback', async () => {
    const port = await getPort({ host: '127.0.0.1' });
    const plain = await createTestApp({ seed: false, metrics: { port } });
    try {
      expect((await plain.app.inject({ url: '/metrics' })).statusCode).toBe(404);
      const address = await plain.app.listen({ host: '127.0.0.1', port: 0 });
      expect((await fetch(`${address}/metrics`)).status).toBe(404);
      const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(scraped.status).toBe(200);
      expect(await scraped.text()).toContain('# TYPE obmen_tickets gauge');
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/SiteState`)).status).toBe(404);
    } finally {
      await plain.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('serves the OpenAPI document generated from the contracts, covering every call', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/register',
      '/token',
      '/checktoken',
      '/api/v1/Exchange/calculate',
      '/api/v1/Exchange/get_currencies/{side}',
      '/api/v1/Tickets/create',
      '/api/v1/Tickets/{id}',
      '/api/v1/CardCheck/uploadimage',
      '/api/v1/SiteState',
      '/api/v1/Ref/createpayout',
      '/api/v1/news/',
      '/api/v1/seo/getbytickers',
      '/api/admin/tickets',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    expect(doc.paths['/api/v1/Exchange/calculate'].post.requestBody).toBeDefined();
    // Every call the server answers is in the document, so a new route cannot go undocumented.
    const undocumented = ctx.app.routeTable
      .filter((route) => !route.url.startsWith('/api/docs'))
      .filter((route) => !doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(undocumented).toEqual([]);
    expect((await ctx.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});
