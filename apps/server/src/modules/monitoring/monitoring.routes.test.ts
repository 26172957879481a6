import { and, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Decimal } from '@obmen/shared';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { directions, priceSources, reserves } from '../../db/schema';
import { claimRun, finishRun } from '../jobs/job-runs.repository';
import { EVENT_LOOP_SAMPLE_MS } from './metrics';
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
// The BestChange export format (design §7), as a schema the parsed document must meet.
const itemSchema = z.strictObject({
  from: code,
  to: code,
  in: decimal,
  out: decimal,
  amount: decimal,
  minamount: z.string().regex(/^\d+(\.\d+)? [A-Z]+$/),
  maxamount: z.string().regex(/^\d+(\.\d+)? [A-Z]+$/),
  /** Minutes a ticket holds its sums. */
  floating: z.string().regex(/^[1-9]\d*$/),
  param: z
    .string()
    .regex(/^(manual|cardverify|verifying|juridical)(, (manual|cardverify|verifying|juridical))*$/)
    .optional(),
});
const documentSchema = z.strictObject({ rates: z.strictObject({ item: z.array(itemSchema) }) });
// EREF 1.1 (schema https://docs.bestchange.biz/schema/1.1.xsd): the range as numbers, the hold as an
// attribute, each label its own boolean element, present only when true.
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
        floating: z.strictObject({ '@_minutes': z.string().regex(/^[1-9]\d*$/) }),
        manual: label,
        cardverify: label,
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

describe('GET /export/rates.xml', () => {
  it('lists every available direction in the monitors’ format, with exact decimals', async () => {
    const res = await ctx.app.inject({ url: '/export/rates.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const doc = documentSchema.parse(parse(res.body));
    const pairs = doc.rates.item.map((i) => `${i.from}>${i.to}`);
    expect(pairs).toContain('SBERRUB>BTC');
    expect(pairs).not.toContain('XMR>SOL');
    const sber = doc.rates.item.find((i) => i.from === 'SBERRUB' && i.to === 'BTC')!;
    expect(sber).toMatchObject({
      out: '1',
      amount: '3.25487310',
      minamount: '3000 RUB',
      maxamount: '1500000 RUB',
      floating: '30',
      param: 'manual, cardverify',
    });
    // 1 BTC costs 94850.12 / 0.0124 / (1 − 2.5 %) roubles.
    const perBtc = new Decimal(1).div(
      new Decimal('0.0124').div('94850.12').times('0.975').toSignificantDigits(12, Decimal.ROUND_DOWN),
    );
    expect(new Decimal(sber.in).minus(perBtc).abs().lt('0.000001')).toBe(true);
    // Nobody watches the chains here: every direction, coin to coin too, waits for a person.
    const coins = doc.rates.item.find((i) => i.from === 'BTC' && i.to === 'USDTTRC20')!;
    expect(coins.in).toBe('1');
    expect(coins.param).toBe('manual');
    expect(doc.rates.item.every((i) => i.param?.startsWith('manual'))).toBe(true);
  });

  it('serves EREF 1.1 at ?v=1.1: the same directions, numbers for the range, labels as elements', async () => {
    const legacy = documentSchema.parse(parse((await ctx.app.inject({ url: '/export/rates.xml' })).body));
    const res = await ctx.app.inject({ url: '/export/rates.xml?v=1.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const doc = eref11Schema.parse(parse(res.body));
    expect(doc.rates.item.map((i) => `${i.from}>${i.to}`)).toEqual(legacy.rates.item.map((i) => `${i.from}>${i.to}`));
    const sber = doc.rates.item.find((i) => i.from === 'SBERRUB' && i.to === 'BTC')!;
    const legacySber = legacy.rates.item.find((i) => i.from === 'SBERRUB' && i.to === 'BTC')!;
    expect(sber).toMatchObject({
      in: legacySber.in,
      out: '1',
      amount: legacySber.amount,
      frommin: '3000',
      frommax: '1500000',
      floating: { '@_minutes': '30' },
      manual: 'true',
      cardverify: 'true',
    });
    const coins = doc.rates.item.find((i) => i.from === 'BTC' && i.to === 'USDTTRC20')!;
    expect(coins.cardverify).toBeUndefined();
    expect((await ctx.app.inject({ url: '/export/rates.xml?v=2' })).statusCode).toBe(400);
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

  it('answers 304 to the same ETag and is empty during maintenance', async () => {
    const first = await ctx.app.inject({ url: '/export/rates.xml' });
    const etag = first.headers.etag as string;
    expect((await ctx.app.inject({ url: '/export/rates.xml', headers: { 'if-none-match': etag } })).statusCode).toBe(
      304,
    );
    await ctx.app.services.siteState.update({ convertEnabled: false });
    const paused = await ctx.app.inject({ url: '/export/rates.xml', headers: { 'if-none-match': etag } });
    expect(paused.statusCode).toBe(200);
    expect(parse(paused.body).rates).toBe('');
    await ctx.app.services.siteState.update({ convertEnabled: true });
  });
});

describe('the rates export build', () => {
  it('is shared within a second and catalog version, and made again when either moves', async () => {
    let now = 1_000_500;
    const { catalog, exchange } = ctx.app.services;
    const ratesExport = createRatesExport(catalog, exchange, () => now);
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
    const before = documentSchema.parse(parse((await ctx.app.inject({ url: '/export/rates.xml' })).body));
    const btc = before.rates.item.find((i) => i.from === 'SBERRUB' && i.to === 'BTC')!;
    await ctx.database.db.update(reserves).set({ balance: '4.2548731' }).where(eq(reserves.currencyCode, 'BTC'));
    ctx.app.services.catalog.forgetReserve('BTC');
    const after = documentSchema.parse(parse((await ctx.app.inject({ url: '/export/rates.xml' })).body));
    const moved = after.rates.item.find((i) => i.from === 'SBERRUB' && i.to === 'BTC')!;
    expect(new Decimal(moved.amount).minus(btc.amount).toFixed()).toBe('1');
    await ctx.database.db.update(reserves).set({ balance: '3.2548731' }).where(eq(reserves.currencyCode, 'BTC'));
    ctx.app.services.catalog.forgetReserve('BTC');
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
