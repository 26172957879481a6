import { eq } from 'drizzle-orm';
import { getCurrencies } from '@obmen/shared/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { DEMO_CURRENCIES } from '../../db/seed/demo-data';
import { currencies } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/v1/Exchange/get_currencies/{side}', () => {
  it('lists every seeded currency for the give side, in Russian by default and in seeded order', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/Exchange/get_currencies/give' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ codeName: string; name: string }[]>();
    expect(body.map((c) => c.codeName)).toEqual(DEMO_CURRENCIES.map((c) => c.code));
    expect(body[0]).toEqual({
      name: 'Сбербанк RUB',
      codeName: 'SBERRUB',
      valute: 'RUB',
      iconPath: '/icons/currencies/sberrub.svg',
      highlighted: true,
      aliases: expect.arrayContaining(['сбер', 'sber']),
      scale: 2,
      kind: 'card',
    });
  });

  it('sends text that keeps to the response contract for both sides and languages (it skips the serializer)', async () => {
    for (const side of ['give', 'get']) {
      for (const lang of ['ru', 'en']) {
        const res = await ctx.app.inject({ url: `/api/v1/Exchange/get_currencies/${side}?lang=${lang}` });
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(getCurrencies.response.safeParse(res.json()).success, `${side} ${lang}`).toBe(true);
      }
    }
  });

  it('answers in English for Accept-Language: en and for ?lang=en', async () => {
    const byHeader = await ctx.app.inject({
      url: '/api/v1/Exchange/get_currencies/get',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    const byQuery = await ctx.app.inject({ url: '/api/v1/Exchange/get_currencies/get?lang=en' });
    for (const res of [byHeader, byQuery]) {
      expect(res.statusCode).toBe(200);
      expect(res.json<{ codeName: string; name: string }[]>().find((c) => c.codeName === 'TCSBRUB')?.name).toBe(
        'T-Bank RUB',
      );
    }
  });

  it('leaves out a currency switched off for that side only', async () => {
    await ctx.database.db.update(currencies).set({ getEnabled: false }).where(eq(currencies.code, 'XMR'));
    await ctx.app.services.catalog.refresh();
    const give = (await ctx.app.inject({ url: '/api/v1/Exchange/get_currencies/give' })).json<{ codeName: string }[]>();
    const get = (await ctx.app.inject({ url: '/api/v1/Exchange/get_currencies/get' })).json<{ codeName: string }[]>();
    expect(give.some((c) => c.codeName === 'XMR')).toBe(true);
    expect(get.some((c) => c.codeName === 'XMR')).toBe(false);
  });

  it('refuses an unknown side with a field error in the request language', async () => {
    const ru = await ctx.app.inject({ url: '/api/v1/Exchange/get_currencies/sideways' });
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({ parameterErrors: [{ name: 'side', messages: ['Неверное значение'] }] });
    const en = await ctx.app.inject({
      url: '/api/v1/Exchange/get_currencies/sideways',
      headers: { 'accept-language': 'en' },
    });
    expect(en.json()).toEqual({ parameterErrors: [{ name: 'side', messages: ['Invalid value'] }] });
  });
});
