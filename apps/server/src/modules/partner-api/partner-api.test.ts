import { and, eq, sql } from 'drizzle-orm';
import { Decimal } from '@obmen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { usdtToBtc, withQuotedSums } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { directions, partnerApiKeys, referralCharges, reserves, tickets, users } from '../../db/schema';
import { csvSafe } from './partner-reports.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const API = '/api/partner/v1';
const ALL_SCOPES = ['quotes', 'tickets:create', 'tickets:read', 'reports'];

async function partner() {
  const user = await createUser(ctx);
  const [row] = await ctx.database.db.select().from(users).where(eq(users.username, user.username));
  return { ...user, id: row!.id };
}

type Partner = Awaited<ReturnType<typeof partner>>;

async function makeKey(owner: Partner, body: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/Partner/keys',
    headers: owner.headers,
    payload: { name: 'Wallet bot', scopes: ALL_SCOPES, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`key refused: ${res.body}`);
  return res.json() as { id: string; prefix: string; secret: string };
}

const keyed = (key: string, remoteAddress = '198.51.100.10') => ({
  headers: { authorization: `Bearer ${key}`, 'accept-language': 'en' },
  remoteAddress,
});

async function keyedTicket(key: string, getSum = '0.01', email = 'client@example.com') {
  return ctx.app.inject({
    method: 'POST',
    url: `${API}/tickets`,
    ...keyed(key),
    payload: (await withQuotedSums(ctx, usdtToBtc(getSum, { email }))) as object,
  });
}

const quote = (key: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: `${API}/quote`, ...keyed(key), payload });

describe('partner API keys', () => {
  it('shows the secret once and keeps only its hash', async () => {
    const owner = await partner();
    const key = await makeKey(owner);
    expect(key.secret).toMatch(new RegExp(`^obk_${key.prefix}_[A-Za-z0-9_-]{43}$`));
    // The random part is base64url, which may itself hold a "_": cut at the prefix, not at every "_".
    const random = key.secret.slice(`obk_${key.prefix}_`.length);

    const list = await ctx.app.inject({ url: '/api/v1/Partner/keys', headers: owner.headers });
    expect(list.json().items).toEqual([expect.objectContaining({ id: key.id, prefix: key.prefix, revokedAt: null })]);
    expect(list.body).not.toContain(random);
    const [row] = await ctx.database.db.select().from(partnerApiKeys).where(eq(partnerApiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(random);
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    // Another account sees none of it.
    const stranger = await partner();
    expect((await ctx.app.inject({ url: '/api/v1/Partner/keys', headers: stranger.headers })).json().items).toEqual([]);
  });

  it('refuses an allow-list entry that is no address or range, a rate over the maximum, more than 10 live keys', async () => {
    const owner = await partner();
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/Partner/keys',
      headers: { ...owner.headers, 'accept-language': 'en' },
      payload: {
        name: 'x',
        scopes: ['quotes'],
        allowedIps: ['203.0.113.0/24', '2001:db8::/129', 'example.com'],
        ratePerMinute: 10_000,
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().parameterErrors).toEqual([
      { name: 'allowedIps.1', messages: ['Not an IPv4 or IPv6 address or CIDR range: 2001:db8::/129'] },
      { name: 'allowedIps.2', messages: ['Not an IPv4 or IPv6 address or CIDR range: example.com'] },
      { name: 'ratePerMinute', messages: ['At most 600 requests a minute'] },
    ]);
    const made = await Promise.all(Array.from({ length: 12 }, () => makeKey(owner).catch((error: Error) => error)));
    expect(made.filter((k) => !(k instanceof Error))).toHaveLength(10);
    expect(String(made.find((k) => k instanceof Error))).toContain('key_limit');
    // A revoked key makes room for a new one.
    const live = made.find((k) => !(k instanceof Error)) as { id: string };
    await ctx.app.inject({ method: 'POST', url: `/api/v1/Partner/keys/${live.id}/revoke`, headers: owner.headers });
    await expect(makeKey(owner)).resolves.toMatchObject({ secret: expect.stringMatching(/^obk_/) });
  });

  it('answers 401 without a key, with an unknown one and with a revoked one', async () => {
    const owner = await partner();
    const key = await makeKey(owner);
    const body = { giveName: 'USDTTRC20', getName: 'BTC', sum: '0.01', direction: 'buy' };
    expect((await quote(key.secret, body)).statusCode).toBe(200);

    const none = await ctx.app.inject({ method: 'POST', url: `${API}/quote`, payload: body });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('api_key_missing');
    // The key is asked for before the body is read: a keyless call with a broken body is a 401 too…
    const broken = { 'content-type': 'application/json' };
    const keylessBroken = await ctx.app.inject({
      method: 'POST',
      url: `${API}/tickets`,
      headers: broken,
      payload: '{',
    });
    expect(keylessBroken.json().error.code).toBe('api_key_missing');
    // …and a keyed one is told its body is no JSON (a 400, never a 500).
    const keyedBroken = await ctx.app.inject({
      method: 'POST',
      url: `${API}/tickets`,
      ...keyed(key.secret),
      headers: { ...keyed(key.secret).headers, ...broken },
      payload: '{',
    });
    expect(keyedBroken.statusCode).toBe(400);
    expect(keyedBroken.json().error.code).toEqual(expect.any(String));
    const unknown = await quote(`obk_${key.prefix}_${'A'.repeat(43)}`, body);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toEqual({ code: 'api_key_invalid', message: 'The API key is unknown or revoked' });

    const revoked = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/Partner/keys/${key.id}/revoke`,
      headers: owner.headers,
    });
    expect(revoked.json().revokedAt).not.toBeNull();
    const after = await quote(key.secret, body);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('api_key_invalid');
    // Revoked, the key stays listed; only its owner may revoke it.
    const list = await ctx.app.inject({ url: '/api/v1/Partner/keys', headers: owner.headers });
    expect(list.json().items[0].revokedAt).not.toBeNull();
    const stranger = await partner();
    const other = await makeKey(owner);
    const theirs = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/Partner/keys/${other.id}/revoke`,
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('answers 403 scope_missing to a key without tickets:create, naming the scope', async () => {
    const owner = await partner();
    const key = await makeKey(owner, { scopes: ['quotes', 'tickets:read'] });
    const res = await keyedTicket(key.secret);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'scope_missing', message: 'The key lacks the scope tickets:create' });
    expect(await ctx.database.db.select().from(tickets).where(eq(tickets.referrerId, owner.id))).toEqual([]);
  });

  it('answers 403 from an address outside the allow-list, and takes one within it', async () => {
    const owner = await partner();
    const key = await makeKey(owner, { allowedIps: ['203.0.113.0/24', '2001:db8::1'] });
    const body = { giveName: 'USDTTRC20', getName: 'BTC', sum: '0.01', direction: 'buy' };
    const call = (ip: string) =>
      ctx.app.inject({ method: 'POST', url: `${API}/quote`, ...keyed(key.secret, ip), payload: body });
    const outside = await call('198.51.100.7');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().error.code).toBe('ip_not_allowed');
    expect((await call('203.0.113.77')).statusCode).toBe(200);
    expect((await call('::ffff:203.0.113.5')).statusCode).toBe(200);
    expect((await call('2001:db8::1')).statusCode).toBe(200);
    expect((await call('2001:db8::2')).statusCode).toBe(403);
  });

  it("answers 429 with Retry-After past the key's own requests a minute", async () => {
    const owner = await partner();
    const key = await makeKey(owner, { ratePerMinute: 3 });
    const other = await makeKey(owner, { ratePerMinute: 3 });
    const body = { giveName: 'USDTTRC20', getName: 'BTC', sum: '0.01', direction: 'buy' };
    for (let i = 0; i < 3; i += 1) expect((await quote(key.secret, body)).statusCode).toBe(200);
    const over = await quote(key.secret, body);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Each key counts its own.
    expect((await quote(other.secret, body)).statusCode).toBe(200);
  });
});

describe('the keyed API', () => {
  it("makes a ticket that is the partner's referral through the api channel and its key, and reads it back", async () => {
    const owner = await partner();
    const key = await makeKey(owner);
    const res = await keyedTicket(key.secret);
    expect(res.statusCode).toBe(200);
    const ticket = res.json() as { id: string; number: number };
    const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ referrerId: owner.id, channel: 'api', apiKeyId: key.id, userId: null });

    const byId = await ctx.app.inject({ url: `${API}/tickets/${ticket.id}`, ...keyed(key.secret) });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ id: ticket.id, number: ticket.number });
    const byNumber = await ctx.app.inject({ url: `${API}/tickets/${ticket.number}`, ...keyed(key.secret) });
    expect(byNumber.json().id).toBe(ticket.id);
    // Another partner's key does not see it, nor does a site ticket show through this one.
    const stranger = await makeKey(await partner());
    expect((await ctx.app.inject({ url: `${API}/tickets/${ticket.id}`, ...keyed(stranger.secret) })).statusCode).toBe(
      404,
    );
    // A site ticket keeps the site's channel.
    const [site] = await ctx.database.db.select().from(tickets).where(eq(tickets.channel, 'site')).limit(1);
    if (site) expect(site.apiKeyId).toBeNull();
  });

  it('tells every reason a quote is refused at once, with the limits in both currencies', async () => {
    const owner = await partner();
    const key = await makeKey(owner);
    const pair = and(eq(directions.giveCode, 'SBERRUB'), eq(directions.getCode, 'BTC'));
    await ctx.database.db.update(directions).set({ enabled: false }).where(pair);
    await ctx.database.db.update(reserves).set({ balance: '0.01' }).where(eq(reserves.currencyCode, 'BTC'));
    await ctx.app.services.catalog.refresh();
    ctx.app.services.catalog.forgetReserve('BTC');
    try {
      const res = await quote(key.secret, { giveName: 'SBERRUB', getName: 'BTC', sum: '2000000', direction: 'sell' });
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(body.error.code).toBe('quote_refused');
      expect(body.problems.map((p: { code: string }) => p.code)).toEqual([
        'direction_closed',
        'above_max',
        'above_reserve_share',
      ]);
      expect(body.problems[1].message).toBe('More than the maximum amount');
      expect(body.limits.give).toEqual({ currency: 'SBERRUB', min: '3000.00', max: expect.any(String) });
      expect(body.limits.get).toEqual({ currency: 'BTC', min: expect.any(String), max: expect.any(String) });
      // The reserve's share caps both sides: at most 0.01 BTC, and the roubles that buy it.
      expect(Number(body.limits.get.max)).toBeLessThanOrEqual(0.01);
      expect(Number(body.limits.give.max)).toBeLessThan(1_500_000);
      expect(Number(body.limits.get.min)).toBeGreaterThan(0);

      // Open tickets of the other tests hold some BTC: a reserve with room again for the next question.
      await ctx.database.db.update(reserves).set({ balance: '100' }).where(eq(reserves.currencyCode, 'BTC'));
      ctx.app.services.catalog.forgetReserve('BTC');
      const low = await quote(key.secret, { giveName: 'SBERRUB', getName: 'BTC', sum: '100', direction: 'sell' });
      expect(low.json().problems.map((p: { code: string }) => p.code)).toEqual(['direction_closed', 'below_min']);
    } finally {
      await ctx.database.db.update(directions).set({ enabled: true }).where(pair);
      await ctx.database.db.update(reserves).set({ balance: '3.2548731' }).where(eq(reserves.currencyCode, 'BTC'));
      await ctx.app.services.catalog.refresh();
      ctx.app.services.catalog.forgetReserve('BTC');
    }
    // The site still says the first reason alone, as before.
    const site = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/Exchange/calculate',
      headers: { 'accept-language': 'en' },
      payload: { giveName: 'SBERRUB', getName: 'BTC', sum: '100', direction: 'sell' },
    });
    expect(site.json().parameterErrors).toEqual([{ name: 'sum', messages: ['Less than the minimum amount'] }]);
    // A quote that passes carries its token and the limits.
    const ok = await quote(key.secret, { giveName: 'SBERRUB', getName: 'BTC', sum: '10000', direction: 'sell' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ giveSum: '10000.00', limits: { give: { currency: 'SBERRUB', min: '3000.00' } } });
    expect(ok.json().quoteToken).toEqual(expect.any(String));
  });
});

describe('the report', () => {
  it('pages a date range without repeats or gaps, with the commission, and downloads it as CSV', async () => {
    const owner = await partner();
    const key = await makeKey(owner);
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await keyedTicket(key.secret, '0.01', `report${i}@example.com`);
      expect(res.statusCode).toBe(200);
      made.push(res.json().id);
    }
    // Two tickets share one creation time: the id breaks the tie, the pages still meet exactly.
    await ctx.database.db
      .update(tickets)
      .set({ createdAt: sql`(select created_at from tickets where id = ${made[1]})` })
      .where(eq(tickets.id, made[2]!));
    // One before the range, one of another partner: neither is in it.
    const early = await keyedTicket(key.secret, '0.01', 'early@example.com');
    await ctx.database.db
      .update(tickets)
      .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(tickets.id, early.json().id));
    await keyedTicket((await makeKey(await partner())).secret);
    // One succeeds: its commission is the referral charge.
    const done = made[3]!;
    await ctx.app.services.tickets.transition(done, 'markPaid', { actor: 'operator:test' });
    await ctx.app.services.tickets.transition(done, 'complete', {
      actor: 'operator:test',
      payoutReference: '=HYPERLINK("x")',
    });
    const [charge] = await ctx.database.db.select().from(referralCharges).where(eq(referralCharges.ticketId, done));
    expect(charge?.referrerId).toBe(owner.id);

    const from = new Date(Date.now() - 3_600_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query = new URLSearchParams({ from, to, limit: '2', ...(cursor && { cursor }) });
      const res = await ctx.app.inject({ url: `${API}/tickets?${query}`, ...keyed(key.secret) });
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: { id: string; commissionUsd: string | null }[]; nextCursor: string | null };
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((item) => item.id));
      if (page.items.some((item) => item.id === done)) {
        expect(page.items.find((item) => item.id === done)!.commissionUsd).toBe(
          new Decimal(charge!.amountUsd).toFixed(),
        );
      }
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...made].sort());

    const tooMany = await ctx.app.inject({
      url: `${API}/tickets?from=${from}&to=${to}&limit=201`,
      ...keyed(key.secret),
    });
    expect(tooMany.statusCode).toBe(400);
    const badCursor = await ctx.app.inject({
      url: `${API}/tickets?from=${from}&to=${to}&cursor=nope`,
      ...keyed(key.secret),
    });
    expect(badCursor.statusCode).toBe(400);

    const csv = await ctx.app.inject({
      url: `/api/v1/Partner/report.csv?${new URLSearchParams({ from, to })}`,
      headers: owner.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="obmen-partner-.+\.csv"$/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,number,createdAt,updatedAt,status,channel,giveCurrency,giveSum,getCurrency,getSum,payoutTxid,refundTxid,commissionUsd',
    );
    expect(lines).toHaveLength(6);
    // The payout reference an operator typed cannot run as a formula in a spreadsheet.
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    // The area's list is the same report.
    const area = await ctx.app.inject({
      url: `/api/v1/Partner/report?${new URLSearchParams({ from, to })}`,
      headers: owner.headers,
    });
    expect(
      area
        .json()
        .items.map((item: { id: string }) => item.id)
        .sort(),
    ).toEqual([...made].sort());
  });

  it('writes cells that would start a formula as text', () => {
    expect(['=1+1', '+7', '-2', '@SUM(A1)', '\tx', 'plain', '0.5'].map(csvSafe)).toEqual([
      "'=1+1",
      "'+7",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      'plain',
      '0.5',
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('documents the partner API with its security scheme', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.partnerKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const [path, method] of [
      ['/api/partner/v1/quote', 'post'],
      ['/api/partner/v1/tickets', 'post'],
      ['/api/partner/v1/tickets', 'get'],
      ['/api/partner/v1/tickets/{ref}', 'get'],
    ] as const) {
      expect(doc.paths[path][method].security).toEqual([{ partnerKey: [] }]);
    }
  });
});
