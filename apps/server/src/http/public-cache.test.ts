import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, consoleRoles, type Headers } from '../../test/admin';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createUser, TEST_PASSWORD } from '../../test/users';
import { EXPORT_CACHE_CONTROL } from '../modules/monitoring/monitoring.routes';
import { PUBLIC_CACHE_CONTROL, publicCache } from './public-cache';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  ctx = await createTestApp();
  roles = await consoleRoles(ctx);
});
afterAll(() => ctx.close());

// As a browser asks: compressed answers welcome, so the ETag is checked past @fastify/compress too.
const BROWSER = { 'accept-language': 'en', 'accept-encoding': 'br, gzip' };
const get = (url: string, headers: Headers = {}) => ctx.app.inject({ url, headers: { ...BROWSER, ...headers } });

const reads: {
  name: string;
  url: string;
  byLanguage: boolean;
  /** Its own Cache-Control, where it is not the short public one. */
  cacheControl?: string;
  /** An operator's change that moves this read's answer. */
  change: () => Promise<unknown>;
}[] = [
  {
    name: 'a side’s currency list',
    url: '/api/v1/Exchange/get_currencies/give',
    byLanguage: true,
    change: () => call(ctx, 'PATCH', '/api/admin/currencies/SBERRUB', roles.admin, { nameEn: 'Sber (renamed)' }),
  },
  {
    name: 'a pair’s range',
    url: '/api/v1/Exchange/get_range?giveName=TCSBRUB&getName=ETH',
    byLanguage: false,
    change: () => call(ctx, 'PATCH', '/api/admin/directions/TCSBRUB/ETH', roles.operator, { minSum: '4000' }),
  },
  {
    name: 'a pair’s status',
    url: '/api/v1/Exchange/direction_status?giveName=XMR&getName=SOL',
    byLanguage: false,
    change: () => call(ctx, 'PATCH', '/api/admin/directions/XMR/SOL', roles.operator, { enabled: true }),
  },
  {
    name: 'a currency’s reserve',
    url: '/api/v1/Exchange/get_reserve/ETH',
    byLanguage: false,
    change: () => call(ctx, 'PUT', '/api/admin/reserves/ETH', roles.operator, { balance: '12.5' }),
  },
  {
    name: 'every direction',
    url: '/api/v1/Exchange/directions',
    byLanguage: false,
    change: () =>
      call(ctx, 'PATCH', '/api/admin/directions/ETH/BTC', roles.operator, { opensAt: '09:00', closesAt: '18:00' }),
  },
  {
    name: 'the rates export',
    url: '/export/rates.xml',
    byLanguage: false,
    // Asked again every time, so no cache shows a monitor rates the site no longer stands behind.
    cacheControl: EXPORT_CACHE_CONTROL,
    change: () => call(ctx, 'PUT', '/api/admin/reserves/BTC', roles.operator, { balance: '7' }),
  },
  {
    name: 'the keys that sign receipts',
    url: '/.well-known/obmen-receipt-keys.json',
    byLanguage: false,
    change: () => call(ctx, 'POST', '/api/admin/receipt-keys/rotate', roles.admin),
  },
  {
    name: 'the monitors a review is invited on',
    url: '/api/v1/review-links',
    byLanguage: false,
    change: () =>
      call(ctx, 'PUT', '/api/admin/review-links', roles.admin, {
        links: [{ name: 'BestChange', url: 'https://www.bestchange.ru/' }],
      }),
  },
];

describe.each(reads)('$name', ({ url, byLanguage, cacheControl = PUBLIC_CACHE_CONTROL, change }) => {
  it('carries an ETag and its Cache-Control, answers 304 to it, and a new body after a change', async () => {
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe(cacheControl);
    const vary = byLanguage ? 'accept-language, accept-encoding' : 'accept-encoding';
    expect(first.headers.vary).toBe(vary);

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe(cacheControl);
    expect(again.headers.vary).toBe(vary);

    expect((await change()) as { statusCode: number }).toMatchObject({ statusCode: 200 });
    const changed = await get(url, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.rawPayload).not.toEqual(first.rawPayload);
  });
});

describe('what is not a public read', () => {
  it('keeps the public Cache-Control off a refused read', async () => {
    const res = await get('/api/v1/Exchange/get_range?giveName=NOPE&getName=ETH');
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives quotes and other calls no ETag, and no-store', async () => {
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/Exchange/calculate',
      payload: { giveName: 'BTC', getName: 'USDTTRC20', sum: '0.1', direction: 'sell' },
    });
    const message = await get('/api/v1/Exchange/get_currency_message?currencyName=BTC&direction=give');
    for (const res of [quote, message]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

/** Reads alike for every visitor, each with its own Cache-Control: everything else is someone's own. */
const PUBLIC = [
  '/api/v1/Exchange/get_currencies/:side',
  '/api/v1/Exchange/get_range',
  '/api/v1/Exchange/direction_status',
  '/api/v1/Exchange/get_reserve/:x',
  '/api/v1/Exchange/directions',
  '/api/v1/Exchange/overview',
  '/export/rates.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/.well-known/obmen-receipt-keys.json',
  '/api/v1/review-links',
  // The status page's figures (issue 48): public and kept 5 s; each answer says when it was checked.
  '/status.json',
];

describe('personal answers are never kept by a browser or a proxy', () => {
  it('every other GET of the route table says no-store, whoever asks and whatever the answer', async () => {
    const routes = ctx.app.routeTable.filter((r) => r.method === 'GET' && !PUBLIC.includes(r.url));
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const url = route.url.replace(/:\w+/g, 'BTC').replace('*', 'index.html');
      for (const headers of [roles.admin, {}]) {
        const res = await get(url, headers);
        expect(res.headers['cache-control'], `${url} ${res.statusCode}`).toBe('no-store');
      }
    }
  });

  it("the session a login answers with, and the user's own reads", async () => {
    const user = await createUser(ctx);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/token',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    const answers = [
      login,
      await get('/api/v1/User/info', user.headers),
      await get('/api/v1/Tickets/', user.headers),
      await get('/api/v1/Ref/summary', user.headers),
      await get('/api/v1/Promo/getpromocodes', user.headers),
      await get('/api/admin/users', roles.admin),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body.slice(0, 80)).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('pages in a public scope', () => {
  it('keep a Cache-Control and a Vary their handler set', async () => {
    const app = Fastify();
    await app.register(async (pages) => {
      await pages.register(publicCache, { byLanguage: true });
      pages.get('/ru/', async (_request, reply) =>
        reply.header('vary', 'cookie').type('text/html').send('<h1>Обмен</h1>'),
      );
      pages.get('/ru/ticket/1', async (_request, reply) =>
        reply.header('cache-control', 'no-store').send('<h1>№1</h1>'),
      );
    });
    const home = await app.inject({ url: '/ru/' });
    expect(home.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    expect(home.headers.vary).toBe('cookie, accept-language, accept-encoding');
    expect((await app.inject({ url: '/ru/ticket/1' })).headers['cache-control']).toBe('no-store');
    await app.close();
  });
});
