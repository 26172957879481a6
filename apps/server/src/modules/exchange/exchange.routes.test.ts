import { eq } from 'drizzle-orm';
import { getCurrencies, getDirections, getOverview, getReserve } from '@obmen/shared/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { DEMO_CURRENCIES } from '../../db/seed/demo-data';
import { currencies, tickets } from '../../db/schema';
import { createTicket, usdtToBtc } from '../../../test/tickets';

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

  it('answers by the response contract for both sides and languages', async () => {
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

describe('GET /api/v1/Exchange/directions', () => {
  it('lists every pair with a direction, switched off or not, and no pair without one', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/Exchange/directions' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    const pairs = res.json<{ giveName: string; getName: string; seo: boolean }[]>();
    expect(getDirections.response.safeParse(pairs).success).toBe(true);
    expect(pairs).toContainEqual({ giveName: 'SBERRUB', getName: 'BTC', seo: true, hours: null });
    expect(pairs).toContainEqual({ giveName: 'ETH', getName: 'BTC', seo: false, hours: null });
    expect(pairs).toContainEqual({ giveName: 'XMR', getName: 'SOL', seo: false, hours: null });
    expect(pairs.some((p) => p.giveName === 'SBERRUB' && p.getName === 'TCSBRUB')).toBe(false);
  });
});

describe('GET /api/v1/Exchange/overview', () => {
  // First: the busiest pairs are asked of the database once a minute, so no answer may come before.
  it('puts the pair with the most successful tickets first, each popular pair open and with its rate now', async () => {
    for (const getSum of ['0.01', '0.02']) {
      const created = await createTicket(ctx, usdtToBtc(getSum), {}, `10.9.0.${getSum.length}`);
      expect(created.statusCode).toBe(200);
      await ctx.database.db.update(tickets).set({ status: 'success' }).where(eq(tickets.id, created.json().id));
    }
    const res = await ctx.app.inject({ url: '/api/v1/Exchange/overview?lang=ru' });
    const body = getOverview.response.parse(res.json());
    expect(body.popular[0]).toMatchObject({ give: { codeName: 'USDTTRC20' }, get: { codeName: 'BTC' } });
    expect(body.popular.length).toBeGreaterThan(1);
    expect(body.popular[0]!.rateText).toMatch(/^1 (BTC|USDT) = [\d\u00a0]+(,\d+)? (BTC|USDT)$/);
    for (const { give, get, rate } of body.popular) {
      const course = await ctx.app.inject({
        url: `/api/v1/Exchange/course?giveName=${give.codeName}&getName=${get.codeName}`,
      });
      expect(course.json().rate, `${give.codeName} → ${get.codeName}`).toBe(rate);
    }
  });
  it('gives each receivable currency’s reserve, named in the request’s language', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/Exchange/overview?lang=en' });
    expect(res.statusCode).toBe(200);
    const body = getOverview.response.parse(res.json());
    const receivable = await ctx.app.inject({ url: '/api/v1/Exchange/get_currencies/get' });
    expect(body.reserves.map((r) => r.codeName)).toEqual(
      receivable.json().map((c: { codeName: string }) => c.codeName),
    );
    const btc = body.reserves.find((r) => r.codeName === 'BTC')!;
    const reserve = await ctx.app.inject({ url: '/api/v1/Exchange/get_reserve/BTC' });
    expect(getReserve.response.strict().parse(reserve.json())).toEqual(reserve.json());
    expect(btc).toMatchObject({ name: 'Bitcoin', valute: 'BTC', reserveAmount: reserve.json().reserveAmount });
  });
});
