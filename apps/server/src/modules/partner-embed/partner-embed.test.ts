import { rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_ORIGINS_MAX, parseEmbedOrigin } from '@obmen/shared';
import { createTestApp, tempWebDist, type TestContext } from '../../../test/test-app';
import { createUser } from '../../../test/users';
import { users } from '../../db/schema';

const ORIGINS = '/api/v1/Partner/embed/origins';
// What every other page of the site sends, beside its CSP's `frame-ancestors 'none'`.
const SITE_PAGE_FRAME_OPTIONS = 'DENY';
let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = tempWebDist({});
  ctx = await createTestApp({ webDist: dist, seed: false });
});
afterAll(async () => {
  await ctx.close();
  rmSync(path.dirname(dist), { recursive: true, force: true });
});

async function partner() {
  const user = await createUser(ctx);
  const [row] = await ctx.database.db.select().from(users).where(eq(users.username, user.username));
  return { ...user, number: String(row!.refNumber) };
}

const add = (headers: Record<string, string>, origin: string, lang = 'en') =>
  ctx.app.inject({
    method: 'POST',
    url: ORIGINS,
    headers: { ...headers, 'accept-language': lang },
    payload: { origin },
  });

const frameAncestors = (csp: unknown) =>
  String(csp)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors'));

describe('the widget’s allowed sites, origin by origin', () => {
  it('takes scheme, host and port only, normalized; https, or http on localhost where allowed', () => {
    const strict = { localHttp: false };
    expect(parseEmbedOrigin(' HTTPS://Wallet.Example/ ', strict)).toEqual({ origin: 'https://wallet.example' });
    expect(parseEmbedOrigin('https://shop.example:443', strict)).toEqual({ origin: 'https://shop.example' });
    expect(parseEmbedOrigin('https://shop.example:8443', strict)).toEqual({ origin: 'https://shop.example:8443' });
    expect(parseEmbedOrigin('https://пример.рф', strict)).toEqual({ origin: 'https://xn--e1afmkfd.xn--p1ai' });
    for (const bad of [
      'wallet.example',
      'https://wallet.example/widget',
      'https://wallet.example/?a=1',
      'https://wallet.example/#top',
      'https://user:pw@wallet.example',
      'https://*.wallet.example',
      "'self'",
      'javascript:alert(1)',
      'ftp://wallet.example',
    ]) {
      expect(parseEmbedOrigin(bad, strict), bad).toEqual({ problem: 'partnerEmbed.originInvalid' });
    }
    expect(parseEmbedOrigin('http://wallet.example', strict)).toEqual({ problem: 'partnerEmbed.originHttps' });
    expect(parseEmbedOrigin('http://localhost:5173', strict)).toEqual({ problem: 'partnerEmbed.originHttps' });
    expect(parseEmbedOrigin('http://127.0.0.1:5173', { localHttp: true })).toEqual({ origin: 'http://127.0.0.1:5173' });
    expect(parseEmbedOrigin('http://wallet.example', { localHttp: true })).toEqual({
      problem: 'partnerEmbed.originHttps',
    });
  });
});

describe('the partner area’s API of allowed sites', () => {
  it('needs a signed-in account', async () => {
    expect((await ctx.app.inject({ url: ORIGINS })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: ORIGINS, payload: { origin: 'https://a.example' } })).statusCode,
    ).toBe(401);
  });

  it('lists, adds (normalized, once) and removes a partner’s own sites, with its number for the address', async () => {
    const me = await partner();
    const empty = await ctx.app.inject({ url: ORIGINS, headers: me.headers });
    expect(empty.json()).toEqual({ partner: me.number, origins: [], max: EMBED_ORIGINS_MAX });

    const added = await add(me.headers, 'https://Wallet.Example/');
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ origin: 'https://wallet.example' });
    const twice = await add(me.headers, 'https://wallet.example', 'ru');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: { code: 'origin_taken', message: 'Этот сайт уже в списке' } });

    const other = await partner();
    expect((await ctx.app.inject({ url: ORIGINS, headers: other.headers })).json().origins).toEqual([]);
    const id = (added.json() as { id: string }).id;
    // Another partner's site is not theirs to remove.
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `${ORIGINS}/${id}`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `${ORIGINS}/${id}`, headers: me.headers })).statusCode).toBe(
      204,
    );
    expect((await ctx.app.inject({ url: ORIGINS, headers: me.headers })).json().origins).toEqual([]);
  });

  it('refuses what is no https origin, in the person’s language, with the field named', async () => {
    const me = await partner();
    const plain = await add(me.headers, 'http://wallet.example', 'ru');
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toEqual({
      parameterErrors: [{ name: 'origin', messages: ['Сайт должен работать по https'] }],
    });
    const path = await add(me.headers, 'https://wallet.example/widget');
    expect(path.json().parameterErrors[0].messages[0]).toMatch(/scheme, host and port only/);
    // Off outside tests and development: a local page is no partner's site.
    expect((await add(me.headers, 'http://localhost:3000')).statusCode).toBe(400);
  });

  it(`keeps at most ${EMBED_ORIGINS_MAX} sites, even when they come all at once`, async () => {
    const me = await partner();
    const answers = await Promise.all(
      Array.from({ length: EMBED_ORIGINS_MAX + 3 }, (_, i) => add(me.headers, `https://site${i}.example`)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(EMBED_ORIGINS_MAX);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(3);
    expect(refused[0]!.json().error).toEqual({
      code: 'too_many_origins',
      message: `At most ${EMBED_ORIGINS_MAX} sites can embed the widget`,
    });
    expect((await ctx.app.inject({ url: ORIGINS, headers: me.headers })).json().origins).toHaveLength(
      EMBED_ORIGINS_MAX,
    );
  });
});

describe('the frame policy of /embed', () => {
  it('lets the partner’s sites, and only theirs, frame its widget pages; no X-Frame-Options then', async () => {
    const me = await partner();
    await add(me.headers, 'https://wallet.example');
    await add(me.headers, 'https://shop.example:8443');
    for (const url of [`/embed?partner=${me.number}&lang=en`, `/embed/ticket/abc?partner=${me.number}`]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(frameAncestors(res.headers['content-security-policy'])).toBe(
        'frame-ancestors https://shop.example:8443 https://wallet.example',
      );
      expect(res.headers['x-frame-options']).toBeUndefined();
      // The rest of the policy is the site's.
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      // Drawn by the browser and never kept: no cache hands one partner's policy to another's page.
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('keeps the widget unframeable without a partner, for an unknown one, or one with no sites', async () => {
    const bare = await partner();
    for (const url of ['/embed', '/embed?partner=abc', '/embed?partner=99999999999', `/embed?partner=${bare.number}`]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe(SITE_PAGE_FRAME_OPTIONS);
    }
  });

  it('leaves every other page and answer unframeable, whatever partner the address names', async () => {
    const me = await partner();
    await add(me.headers, 'https://wallet.example');
    for (const url of [
      `/ru/?partner=${me.number}`,
      `/en/ticket/abc?partner=${me.number}`,
      `/embedded?partner=${me.number}`,
    ]) {
      const res = await ctx.app.inject({ url });
      expect(frameAncestors(res.headers['content-security-policy']), url).toBe("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe(SITE_PAGE_FRAME_OPTIONS);
    }
    const api = await ctx.app.inject({ url: ORIGINS, headers: me.headers });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-frame-options']).toBe('DENY');
  });
});
