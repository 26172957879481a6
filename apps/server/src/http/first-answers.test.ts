import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { firstAnswerKey } from '@obmen/shared/first-answers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tempWebDist, type TestContext } from '../../test/test-app';
import { currencies } from '../db/schema';

const INDEX =
  '<!doctype html><html lang="ru"><head><title>Obmen</title></head><body><div id="root"></div></body></html>';
let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = tempWebDist({ 'index.html': INDEX });
  ctx = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const answers = (found: Record<string, unknown> | null) => found ?? {};

/** The answers a page carries, as the app reads them. */
async function carried(url: string): Promise<Record<string, unknown> | null> {
  const html = (await ctx.app.inject({ url })).body;
  const found = /<script type="application\/json" id="first-answers">([\s\S]*?)<\/script>/.exec(html);
  return found ? (JSON.parse(found[1]!) as Record<string, unknown>) : null;
}

const E = '/api/v1/Exchange';
const pairCalls = (lang: 'ru' | 'en', give: string, get: string) => {
  const direction = { giveName: give, getName: get, useFixedDirection: false };
  return [
    [`${E}/get_currencies/give`, {}],
    [`${E}/get_currencies/get`, {}],
    [`${E}/direction_status`, direction],
    [`${E}/get_range`, direction],
    [`${E}/get_reserve/${get}`, {}],
    [`${E}/get_currency_message`, { currencyName: give, direction: 'give' }],
    [`${E}/get_currency_message`, { currencyName: get, direction: 'get' }],
  ].map(([callPath, query]) => ({ lang, path: callPath as string, query: query as Record<string, string | boolean> }));
};

async function apiAnswer(lang: string, callPath: string, query: Record<string, string | boolean>) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await ctx.app.inject({ url: `${callPath}?${search}`, headers: { 'accept-language': lang } });
  return res.json() as unknown;
}

async function expectAsTheApiAnswers(answers: Record<string, unknown> | null, calls: ReturnType<typeof pairCalls>) {
  for (const call of calls) {
    expect(answers?.[firstAnswerKey(call.lang, call.path, call.query)], call.path).toEqual(
      await apiAnswer(call.lang, call.path, call.query),
    );
  }
}

const SITE_STATE = '/api/v1/SiteState';
const openingQuote = (give: string, get: string, sum: string) => ({
  giveName: give,
  getName: get,
  sum,
  direction: 'sell',
  useFixedDirection: false,
});

describe("a page's first answers", () => {
  it("carries the converter's first calls for the default pair on the home page, as the API answers them", async () => {
    const answers = await carried('/ru/');
    const calls = pairCalls('ru', 'SBERRUB', 'BTC');
    const form = openingQuote('SBERRUB', 'BTC', '3000');
    expect(Object.keys(answers ?? {}).sort()).toEqual(
      [
        ...calls.map((c) => firstAnswerKey(c.lang, c.path, c.query)),
        firstAnswerKey('ru', SITE_STATE),
        firstAnswerKey('ru', `${E}/calculate`, form),
      ].sort(),
    );
    await expectAsTheApiAnswers(answers, calls);
    expect((answers![firstAnswerKey('ru', `${E}/get_currencies/give`)] as { name: string }[])[0]!.name).toBe(
      'Сбербанк RUB',
    );
  });

  it("carries the named pair's calls on a pair page, in the page's language", async () => {
    const answers = await carried('/en/tcsbrub--eth');
    await expectAsTheApiAnswers(answers, pairCalls('en', 'TCSBRUB', 'ETH'));
    expect((answers![firstAnswerKey('en', `${E}/get_currencies/give`)] as { name: string }[])[0]!.name).toBe(
      'Sberbank RUB',
    );
  });

  it('leaves out what the API refuses (an unknown code), for the app to ask and handle', async () => {
    const answers = await carried('/ru/SBERRUB--NOPE');
    expect(answers![firstAnswerKey('ru', `${E}/get_currencies/give`)]).toBeInstanceOf(Array);
    expect(Object.keys(answers!).some((key) => key.includes('NOPE') && key.includes('get_range'))).toBe(false);
  });

  it("carries a visitor's opening quote: the pair's minimum as the amount field keeps it, priced as the API prices it", async () => {
    const form = openingQuote('SBERRUB', 'BTC', '3000');
    const quote = answers(await carried('/ru/'))[firstAnswerKey('ru', `${E}/calculate`, form)] as Record<
      string,
      unknown
    >;
    const asked = await ctx.app.inject({
      method: 'POST',
      url: `${E}/calculate`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...form, useFixedDirection: 'false' }).toString(),
    });
    expect(asked.statusCode).toBe(200);
    const { expireTime: _e1, expiresIn: _i1, quoteToken: _t1, ...priced } = asked.json<Record<string, unknown>>();
    const { expireTime: _e2, expiresIn: _i2, quoteToken: _t2, ...carriedQuote } = quote;
    expect(carriedQuote).toEqual(priced);
    expect(quote.giveSum).toBe('3000.00');
  });

  it('carries the site status on every page: null while open, the notice while paused', async () => {
    expect(answers(await carried('/ru/faq'))).toEqual({ [firstAnswerKey('ru', SITE_STATE)]: null });
    expect(answers(await carried('/en/login'))).toEqual({ [firstAnswerKey('en', SITE_STATE)]: null });
    await ctx.app.services.siteState.update({ convertEnabled: false, headerRu: 'Пауза', textRu: 'До утра' });
    try {
      const paused = answers(await carried('/ru/faq'));
      expect(paused).toEqual({ [firstAnswerKey('ru', SITE_STATE)]: { header: 'Пауза', text: 'До утра' } });
      // Nothing of the converter's while paused: no quote is priced for a closed exchange.
      expect(Object.keys(answers(await carried('/ru/'))).some((key) => key.includes('/calculate'))).toBe(false);
    } finally {
      await ctx.app.services.siteState.update({ convertEnabled: true });
    }
  });

  it('carries a pair without texts as null, as the app reads its 404', async () => {
    const answers = await carried('/en/tcsbrub--eth');
    expect(
      answers![firstAnswerKey('en', '/api/v1/seo/getbytickers', { giveCode: 'TCSBRUB', getCode: 'ETH' })],
    ).toBeNull();
  });

  it("cannot be closed early by an operator's note", async () => {
    const note = '</script><script>alert(1)</script> <!-- и всё';
    await ctx.database.db.update(currencies).set({ messageGiveRu: note }).where(eq(currencies.code, 'SBERRUB'));
    await ctx.app.services.catalog.changed();
    const html = (await ctx.app.inject({ url: '/ru/' })).body;
    expect(html).not.toContain('<script>alert(1)');
    const answers = await carried('/ru/');
    expect(
      answers![firstAnswerKey('ru', `${E}/get_currency_message`, { currencyName: 'SBERRUB', direction: 'give' })],
    ).toEqual({ message: note });
  });
});
