import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createUser } from '../../test/users';

// The lane sits in the HTTP server Fastify is given; `app.inject` goes round it. These tests speak
// real HTTP to a listening app, and hold each lane answer against the Fastify route's own.
let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

const E = '/api/v1/Exchange';
const QUOTE = JSON.stringify({ giveName: 'SBERRUB', getName: 'BTC', sum: '10000', direction: 'sell' });

/** The headers an answer is judged by: not the per-request or per-connection ones. */
function stable(headers: Record<string, unknown>) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'x-request-id': _id, ...rest } = headers;
  return rest;
}

async function overHttp(url: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${url}`, init);
  return { status: res.status, headers: Object.fromEntries(res.headers), bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The same request through Fastify, as `app.inject` sends it (no Accept-Encoding unless given). */
async function throughFastify(
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
) {
  const res = await ctx.app.inject({ url, method: init.method ?? 'GET', headers: init.headers, payload: init.body });
  return { status: res.statusCode, headers: res.headers as Record<string, unknown>, bytes: res.rawPayload };
}

describe('the express lane', () => {
  it.each([
    [`${E}/get_currencies/give`, {}],
    [`${E}/get_currencies/get?lang=en`, {}],
    [`${E}/get_currencies/give`, { 'accept-language': 'en-US,en;q=0.9' }],
    [`${E}/get_range?giveName=SBERRUB&getName=BTC&useFixedDirection=false`, {}],
    [`${E}/direction_status?giveName=SBERRUB&getName=BTC`, {}],
    [`${E}/direction_status?giveName=BTC&getName=BTC`, {}],
  ])('answers GET %s as the route does', async (url, headers) => {
    const lane = await overHttp(url, { headers: { 'accept-encoding': 'identity', ...headers } });
    const route = await throughFastify(url, { headers });
    expect(lane.status).toBe(200);
    expect(lane.bytes.toString()).toBe(route.bytes.toString());
    const { vary, ...laneHeaders } = stable(lane.headers);
    const { vary: routeVary, ...routeHeaders } = stable(route.headers);
    expect(laneHeaders).toEqual(routeHeaders);
    // @fastify/compress names Accept-Encoding only when it compressed; the lane whenever it could.
    if (lane.bytes.length >= 1024) expect(vary).toBe('accept-encoding');
    else expect(vary).toBe(routeVary);
  });

  it("answers a visitor's quote as the route does, and the same text again from what it kept", async () => {
    const init = { method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: QUOTE };
    const lane = await overHttp(`${E}/calculate`, init);
    const again = await overHttp(`${E}/calculate`, init);
    const route = await throughFastify(`${E}/calculate`, init);
    expect(lane.status).toBe(200);
    expect(stable(lane.headers)).toEqual(stable(route.headers));
    const quote = JSON.parse(lane.bytes.toString());
    expect(quote).toMatchObject({ giveSum: '10000.00', fee: '2.5', promo: null });
    // Within one second the three are one cached quote; across a second boundary, the same figures.
    expect(JSON.parse(again.bytes.toString()).getSum).toBe(quote.getSum);
    expect(JSON.parse(route.bytes.toString()).getSum).toBe(quote.getSum);
  });

  it('compresses a long answer once, in the encoding the client prefers', async () => {
    const plain = await overHttp(`${E}/get_currencies/give`, { headers: { 'accept-encoding': 'identity' } });
    const br = await overHttp(`${E}/get_currencies/give`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const gzip = await overHttp(`${E}/get_currencies/give`, { headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    // fetch undoes the encoding itself: the bytes that arrive are the list, and smaller on the wire.
    expect(br.bytes.equals(plain.bytes)).toBe(true);
    expect(gzip.bytes.equals(plain.bytes)).toBe(true);
    expect(Number(br.headers['content-length'])).toBeLessThan(plain.bytes.length / 2);
    // …and what was sent really is brotli / gzip of the list.
    const raw = (await rawAnswer(`${E}/get_currencies/give`, 'br')).body;
    expect(brotliDecompressSync(raw).equals(plain.bytes)).toBe(true);
    expect(gunzipSync((await rawAnswer(`${E}/get_currencies/give`, 'gzip')).body).equals(plain.bytes)).toBe(true);
  });

  it('gives every form of an answer its own head, however the requests alternate', async () => {
    const order = ['identity', 'br', 'identity', 'gzip', 'br', 'identity'] as const;
    const answers = [];
    for (const encoding of order) {
      const raw = await rawAnswer(`${E}/get_currencies/give`, encoding);
      answers.push({ encoding, ...raw });
    }
    const plain = answers[0]!.body;
    for (const { encoding, headers, body } of answers) {
      expect(headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(Number(headers['content-length'])).toBe(body.length);
      const decoded = encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
      expect(decoded.equals(plain)).toBe(true);
    }
    // Each answer carries its own request's id, never the one before it.
    expect(new Set(answers.map((a) => a.headers['x-request-id'])).size).toBe(order.length);
  });

  it('keeps a request id from the proxy, and makes one otherwise', async () => {
    const kept = await overHttp(`${E}/get_currencies/give`, { headers: { 'x-request-id': 'proxy-7' } });
    const made = await overHttp(`${E}/get_currencies/give`);
    const byFastify = await overHttp('/healthz');
    expect(kept.headers['x-request-id']).toBe('proxy-7');
    // The lane and Fastify draw from one generator: this process's prefix, a counter after it.
    const [prefix, count] = String(made.headers['x-request-id']).split('-');
    expect(prefix).toMatch(/^[0-9a-f]{16}$/);
    expect(String(byFastify.headers['x-request-id'])).toMatch(new RegExp(`^${prefix}-[0-9a-z]+$`));
    expect(byFastify.headers['x-request-id']).not.toBe(made.headers['x-request-id']);
    expect(count).toMatch(/^[0-9a-z]+$/);
  });

  it.each([
    ['an unknown currency', `${E}/get_range?giveName=SBERRUB&getName=NOPE&lang=en`, undefined],
    ['a parameter missing', `${E}/direction_status?giveName=SBERRUB`, undefined],
    ['a wrong side', `${E}/get_currencies/sideways`, undefined],
    ['broken JSON', `${E}/calculate`, '{"giveName":"SBERRUB"'],
    ['an amount under the minimum', `${E}/calculate`, JSON.stringify({ ...JSON.parse(QUOTE), sum: '1' })],
    ['a wrong direction', `${E}/calculate`, JSON.stringify({ ...JSON.parse(QUOTE), direction: 'up' })],
  ])('leaves %s to the route, which words the error in the language asked', async (_what, url, body) => {
    const init: { method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string } = body
      ? { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body }
      : { headers: { 'accept-language': 'en' } };
    const lane = await overHttp(url, init);
    const route = await throughFastify(url, init);
    expect(lane.status).toBeGreaterThanOrEqual(400);
    expect(lane.status).toBe(route.status);
    expect(lane.bytes.toString()).toBe(route.bytes.toString());
    expect(lane.bytes.toString()).not.toMatch(/[а-яё]/i);
  });

  it("leaves a signed-in user's quote to the route: their discount, their id in the quote", async () => {
    const user = await createUser(ctx);
    const res = await overHttp(`${E}/calculate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...user.headers },
      body: QUOTE,
    });
    expect(res.status).toBe(200);
    const quote = JSON.parse(res.bytes.toString());
    expect(quote).toMatchObject({ discount: '0.05', fee: '2.45' });
    const claims = JSON.parse(Buffer.from(quote.quoteToken.split('.')[0], 'base64url').toString());
    expect(claims.user).not.toBeNull();
  });

  it('leaves a form-encoded quote to the route', async () => {
    const res = await overHttp(`${E}/calculate`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(JSON.parse(QUOTE)).toString(),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.bytes.toString())).toMatchObject({ giveSum: '10000.00', fee: '2.5' });
  });

  it('counts its answers in the request-duration metric under the route pattern', async () => {
    const count = async () => {
      const body = (await overHttp('/metrics')).bytes.toString();
      const line = body
        .split('\n')
        .find((l) =>
          l.startsWith(
            'obmen_http_request_duration_seconds_count{method="GET",route="/api/v1/Exchange/get_range",status_code="200"}',
          ),
        );
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const before = await count();
    await overHttp(`${E}/get_range?giveName=SBERRUB&getName=BTC`);
    await overHttp(`${E}/get_range?giveName=SBERRUB&getName=BTC&lang=en`);
    expect(await count()).toBe(before + 2);
    // A Prometheus histogram: buckets that only grow, the last (+Inf) holding every request.
    const series = 'method="GET",route="/api/v1/Exchange/get_range",status_code="200"';
    const buckets = (await overHttp('/metrics')).bytes
      .toString()
      .split('\n')
      .filter((l) => l.startsWith('obmen_http_request_duration_seconds_bucket{') && l.includes(series))
      .map((l) => Number(l.split(' ').pop()));
    expect(buckets).toHaveLength(13);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    expect(buckets.at(-1)).toBe(before + 2);
  });
});

/** An answer as it went over the wire: its headers and its bytes, still encoded (fetch would decode them). */
async function rawAnswer(url: string, encoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(`${base}${url}`, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the express lane on its own', () => {
  it('answers what it knows without the fallback, and hands the rest over untouched, body and all', async () => {
    const { createExpressLane } = await import('./express-lane');
    const { createMetrics } = await import('../modules/monitoring/metrics');
    const lane = createExpressLane();
    lane.get('/kept/:x', '/kept/a', ({ lang }) => Buffer.from(JSON.stringify({ lang })));
    lane.post('/echo', ({ text }) => (text.includes('mine') ? Buffer.from('"lane"') : undefined));
    const handedOver: { method?: string; url?: string; body: string }[] = [];
    const server = lane.serverFactory((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        handedOver.push({ method: req.method, url: req.url, body: Buffer.concat(chunks).toString() });
        res.end('fallback');
      });
    }, {});
    lane.open({ headers: { 'x-frame-options': 'DENY' }, metrics: createMetrics(), log: ctx.app.log });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const kept = await fetch(`${at}/kept/a?lang=en`);
      expect(await kept.json()).toEqual({ lang: 'en' });
      expect(kept.headers.get('x-frame-options')).toBe('DENY');
      const post = (body: string) =>
        fetch(`${at}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) =>
          r.text(),
        );
      expect(await post('"mine"')).toBe('"lane"');
      expect(await post('"yours: ünïcode"')).toBe('fallback');
      expect(await (await fetch(`${at}/kept/b`)).text()).toBe('fallback');
      expect(handedOver).toEqual([
        { method: 'POST', url: '/echo', body: '"yours: ünïcode"' },
        { method: 'GET', url: '/kept/b', body: '' },
      ]);
      // Every request for a lane route counts, answered here or handed over; other paths do not.
      expect(lane.arrivals()).toBe(3);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('hands a held route over only once its moment comes, body and all', async () => {
    const { createExpressLane } = await import('./express-lane');
    const { createMetrics } = await import('../modules/monitoring/metrics');
    const lane = createExpressLane();
    let open = () => {};
    let asked = 0;
    lane.holdUntil('POST /token', () => {
      asked += 1;
      return new Promise<void>((resolve) => (open = resolve));
    });
    const handedOver: string[] = [];
    const server = lane.serverFactory((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        handedOver.push(`${req.method} ${req.url} ${Buffer.concat(chunks).toString()}`);
        res.end('fallback');
      });
    }, {});
    lane.open({ headers: {}, metrics: createMetrics(), log: ctx.app.log });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const login = fetch(`${at}/token`, { method: 'POST', body: '{"username":"ann"}' }).then((r) => r.text());
      // Other routes and methods are not held.
      expect(await (await fetch(`${at}/token`)).text()).toBe('fallback');
      await expect.poll(() => asked).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(handedOver).toEqual(['GET /token ']);
      open();
      expect(await login).toBe('fallback');
      expect(handedOver).toEqual(['GET /token ', 'POST /token {"username":"ann"}']);
      // A held request is not one of the lane's own: the quiet moments do not count it.
      expect(lane.arrivals()).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('counts the time a held request waited in its request duration, which Fastify’s clock misses', async () => {
    const { default: Fastify } = await import('fastify');
    const { createExpressLane } = await import('./express-lane');
    const { createMetrics, timeRequests } = await import('../modules/monitoring/metrics');
    const lane = createExpressLane();
    lane.holdUntil('POST /token', () => new Promise<void>((resolve) => setTimeout(resolve, 80)));
    const metrics = createMetrics();
    const app = Fastify({ serverFactory: lane.serverFactory });
    timeRequests(app, metrics, lane.heldMs);
    app.post('/token', async () => 'ok');
    app.get('/token', async () => 'ok');
    await app.listen({ port: 0, host: '127.0.0.1' });
    lane.open({ headers: {}, metrics, log: app.log });
    const at = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      expect(await (await fetch(`${at}/token`, { method: 'POST' })).text()).toBe('ok');
      expect(await (await fetch(`${at}/token`)).text()).toBe('ok');
      const held = metrics.requestDuration.seriesOf('POST', '/token', '200');
      expect(held.count).toBe(1);
      expect(held.sum).toBeGreaterThanOrEqual(0.079);
      const notHeld = metrics.requestDuration.seriesOf('GET', '/token', '200');
      expect(notHeld.count).toBe(1);
      expect(notHeld.sum).toBeLessThan(0.079);
    } finally {
      await app.close();
    }
  });

  it("asks a query's schema once per query text, refusals too, and begins afresh past its limit", async () => {
    const { parsedPerSearch } = await import('./express-lane');
    const { z } = await import('zod');
    let asked = 0;
    const schema = z.preprocess(
      (value) => {
        asked += 1;
        return value;
      },
      z.object({
        x: z
          .string()
          .regex(/^[A-Z]+$/)
          .transform((code) => code.toLowerCase()),
      }),
    );
    const parse = parsedPerSearch(schema, 2);
    const call = (search: string) => parse({ search, query: Object.fromEntries(new URLSearchParams(search)) });

    expect(call('x=AB')).toMatchObject({ success: true, data: { x: 'ab' } });
    expect(call('x=AB')).toMatchObject({ success: true, data: { x: 'ab' } });
    expect(call('x=a1').success).toBe(false);
    expect(call('x=a1').success).toBe(false);
    expect(asked).toBe(2);
    // A third text finds the two kept ones at the limit: they are dropped, and asked again later.
    expect(call('x=CD')).toMatchObject({ success: true, data: { x: 'cd' } });
    expect(call('x=AB')).toMatchObject({ success: true, data: { x: 'ab' } });
    expect(asked).toBe(4);
    // A text longer than any pair's query is judged every time and not kept.
    const long = `x=AB&${'y=1&'.repeat(80)}`;
    expect(call(long)).toMatchObject({ success: true, data: { x: 'ab' } });
    expect(call(long)).toMatchObject({ success: true, data: { x: 'ab' } });
    expect(asked).toBe(6);
    expect(call('x=AB')).toMatchObject({ success: true, data: { x: 'ab' } });
    expect(asked).toBe(6);
  });

  it('answers 500 when writing its answer fails, and the server lives on', async () => {
    const { createExpressLane } = await import('./express-lane');
    const { createMetrics } = await import('../modules/monitoring/metrics');
    const lane = createExpressLane();
    lane.get('/kept', '/kept', () => Buffer.from('"x"'));
    const server = lane.serverFactory((_req, res) => res.end('fallback'), {});
    // A header value node refuses to write makes writeHead throw.
    lane.open({ headers: { 'x-broken': 'a\nb' }, metrics: createMetrics(), log: ctx.app.log });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${at}/kept`)).status).toBe(500);
      expect(await (await fetch(`${at}/other`)).text()).toBe('fallback');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
