import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal, getRange, quoteSchema } from '@obmen/shared';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser } from '../../../test/users';
import { directions, prices, promoCodes, reserves } from '../../db/schema';
import { createQuoteSigner } from './quote-token';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const E = '/api/v1/Exchange';
const calculate = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `${E}/calculate`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
const quote = (sum: string, extra: Record<string, string> = {}) =>
  calculate({ giveName: 'SBERRUB', getName: 'BTC', sum, direction: 'sell', ...extra });

describe('the pair calls', () => {
  it('gives the range in the give currency, with the threshold where one is set', async () => {
    const btc = await ctx.app.inject({ url: `${E}/get_range?giveName=SBERRUB&getName=BTC&useFixedDirection=false` });
    expect(btc.json()).toEqual({ minSum: '3000.00', maxSum: '1500000.00' });
    const xmr = await ctx.app.inject({ url: `${E}/get_range?giveName=XMR&getName=BTC` });
    expect(xmr.json()).toEqual({ minSum: '0.20000000', threshold: '0.50000000', maxSum: '600.00000000' });
    // Sent as bytes kept per catalog version: still the contract's shape, and new after a change.
    expect(getRange.response.strict().parse(xmr.json())).toEqual(xmr.json());
    const pair = and(eq(directions.giveCode, 'SBERRUB'), eq(directions.getCode, 'BTC'));
    await ctx.database.db.update(directions).set({ minSum: '3500' }).where(pair);
    await ctx.app.services.catalog.refresh();
    const changed = await ctx.app.inject({ url: `${E}/get_range?giveName=SBERRUB&getName=BTC` });
    expect(changed.json()).toEqual({ minSum: '3500.00', maxSum: '1500000.00' });
    await ctx.database.db.update(directions).set({ minSum: '3000' }).where(pair);
    await ctx.app.services.catalog.refresh();
  });

  it('gives the reserve of the currency bought', async () => {
    const res = await ctx.app.inject({ url: `${E}/get_reserve/btc` });
    expect(res.json()).toEqual({ reserveAmount: '3.25487310' });
  });

  it('says whether a direction can be used now', async () => {
    const status = (give: string, get: string) =>
      ctx.app.inject({ url: `${E}/direction_status?giveName=${give}&getName=${get}&useFixedDirection=false` });
    expect((await status('SBERRUB', 'BTC')).json()).toBe(true);
    expect((await status('XMR', 'SOL')).json()).toBe(false);
    expect((await status('SBERRUB', 'TCSBRUB')).json()).toBe(false);
    expect((await status('SBERRUB', 'DOGE')).statusCode).toBe(400);
  });

  it('closes the directions of a stale price', async () => {
    await ctx.database.db
      .update(prices)
      .set({ maxAgeSeconds: 60, updatedAt: new Date(Date.now() - 120_000) })
      .where(eq(prices.currencyCode, 'LTC'));
    await ctx.app.services.catalog.refresh();
    const res = await ctx.app.inject({ url: `${E}/direction_status?giveName=SBERRUB&getName=LTC` });
    expect(res.json()).toBe(false);
    const calc = await calculate({ giveName: 'SBERRUB', getName: 'LTC', sum: '5000', direction: 'sell' });
    expect(calc.statusCode).toBe(409);
    expect(calc.json()).toEqual({ error: { code: 'direction_unavailable', message: 'Данное направление недоступно' } });
    await ctx.database.db.update(prices).set({ maxAgeSeconds: null }).where(eq(prices.currencyCode, 'LTC'));
    await ctx.app.services.catalog.refresh();
  });

  it('gives one currency by code, and 400 naming the parameter for an unknown one', async () => {
    expect(
      (await ctx.app.inject({ url: `${E}/get_currency/TON`, headers: { 'accept-language': 'en' } })).json(),
    ).toMatchObject({
      codeName: 'TON',
      name: 'Toncoin',
      scale: 6,
    });
    const unknown = await ctx.app.inject({ url: `${E}/get_currency/NOPE` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ parameterErrors: [{ name: 'x', messages: ['Такой валюты нет'] }] });
  });

  it('gives the current rate of a pair', async () => {
    const res = await ctx.app.inject({ url: `${E}/course?giveName=BTC&getName=USDTTRC20` });
    // 94850.12 / 1.0002 × (1 − 1.2 %)
    const expected = new Decimal('94850.12').div('1.0002').times('0.988').toSignificantDigits(12, Decimal.ROUND_DOWN);
    expect(res.json()).toEqual({ giveName: 'BTC', getName: 'USDTTRC20', rate: expected.toFixed(), fixed: false });
  });
});

describe('POST /api/v1/Exchange/calculate', () => {
  it('quotes a sell in exact decimals with a signed token and an expiry', async () => {
    const res = await quote('10000');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const exact = new Decimal(10000).times('0.0124').div('94850.12').times('0.975');
    expect(body).toMatchObject({
      giveSum: '10000.00',
      getSum: exact.toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(8),
      fee: '2.5',
      discount: '0',
      promo: null,
      promoError: null,
      fixed: false,
    });
    // Sent as bytes made once (the quote cache): the shape is still exactly the contract's.
    expect(quoteSchema.strict().parse(body)).toEqual(body);
    // The lifetime counts from the end of the second the quote was issued in.
    const expiresIn = new Date(body.expireTime).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(29_000);
    expect(expiresIn).toBeLessThanOrEqual(31_000);
    expect(new Date(body.expireTime).getMilliseconds()).toBe(0);
    // The lifetime on its own, for a client whose clock disagrees with the server's.
    expect(body.expiresIn).toBe(30);
    // The rate read the other way: roubles for one bitcoin, rounded up.
    const inverse = new Decimal(1).div(new Decimal('0.0124').div('94850.12').times('0.975'));
    expect(body.inverseRate).toBe(inverse.toSignificantDigits(12, Decimal.ROUND_UP).toFixed());
    const claims = createQuoteSigner('test-secret-that-is-long-enough-for-hmac-0123456789').verify(body.quoteToken);
    expect(claims).toMatchObject({ give: 'SBERRUB', get: 'BTC', giveSum: '10000.00', getSum: body.getSum });
  });

  it('answers a repeated visitor quote from the cache until the catalog or a reserve moves', async () => {
    // Retried until both calls fall within one second: the cache never spans two.
    let first: string, again: string;
    do {
      first = (await quote('7777')).body;
      again = (await quote('7777')).body;
    } while (JSON.parse(first).expireTime !== JSON.parse(again).expireTime);
    expect(again).toBe(first);

    await ctx.database.db.update(prices).set({ usdPrice: '95850.12' }).where(eq(prices.currencyCode, 'BTC'));
    await ctx.app.services.catalog.refresh();
    const repriced = (await quote('7777')).json();
    expect(repriced.getSum).not.toBe(JSON.parse(first).getSum);
    await ctx.database.db.update(prices).set({ usdPrice: '94850.12' }).where(eq(prices.currencyCode, 'BTC'));
    await ctx.app.services.catalog.refresh();

    await quote('100000');
    await ctx.database.db.update(reserves).set({ balance: '0.001' }).where(eq(reserves.currencyCode, 'BTC'));
    ctx.app.services.catalog.forgetReserve('BTC');
    expect((await quote('100000')).statusCode).toBe(400);
    await ctx.database.db.update(reserves).set({ balance: '3.2548731' }).where(eq(reserves.currencyCode, 'BTC'));
    ctx.app.services.catalog.forgetReserve('BTC');
  });

  it('quotes a buy: the give amount is rounded up and buys at least what was asked', async () => {
    const res = await calculate({ giveName: 'SBERRUB', getName: 'BTC', sum: '0,005', direction: 'buy' });
    const body = res.json();
    expect(body.getSum).toBe('0.00500000');
    const back = (await quote(body.giveSum)).json();
    expect(new Decimal(back.getSum).gte('0.005')).toBe(true);
  });

  it('accepts a comma or a dot and spaces between thousands', async () => {
    expect((await quote('12 500,5')).json().giveSum).toBe('12500.50');
    expect((await quote('12500.5')).json().giveSum).toBe('12500.50');
  });

  it('adds the fixed-rate extra when the rate is fixed', async () => {
    const float = (await quote('10000')).json();
    const fixed = (await quote('10000', { useFixedDirection: 'true' })).json();
    expect(fixed).toMatchObject({ fee: '3', fixed: true });
    expect(new Decimal(fixed.getSum).lt(float.getSum)).toBe(true);
  });

  it('gives a logged-in user the first discount band', async () => {
    const user = await createUser(ctx);
    const res = await quote('10000', {});
    const discounted = await calculate(
      { giveName: 'SBERRUB', getName: 'BTC', sum: '10000', direction: 'sell' },
      user.headers,
    );
    expect(discounted.json()).toMatchObject({ discount: '0.05', fee: '2.45' });
    expect(new Decimal(discounted.json().getSum).gt(res.json().getSum)).toBe(true);
  });

  it.each([
    ['2999.99', 'Меньше минимальной суммы'],
    ['1500000.01', 'Больше максимальной суммы'],
    ['99999999999999999999999', 'Больше максимальной суммы'],
    ['10000.001', 'Не больше 2 знаков после запятой'],
    ['-5', 'Неверное значение'],
    ['1e5', 'Неверное значение'],
    ['abc', 'Неверное значение'],
  ])('refuses %s with “%s”', async (sum, message) => {
    const res = await quote(sum);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ parameterErrors: [{ name: 'sum', messages: [message] }] });
  });

  it('says what an amount out of range comes to, beside the refusal (not for one it cannot read)', async () => {
    const low = await quote('2999.99');
    const inRange = await quote('3000');
    expect(low.json().estimate.giveSum).toBe('2999.99');
    // One kopeck less gives no more bitcoin than the minimum does.
    expect(new Decimal(low.json().estimate.getSum).lte(inRange.json().getSum)).toBe(true);
    expect(new Decimal(low.json().estimate.getSum).gt(0)).toBe(true);
    const high = await quote('1500000.01');
    expect(new Decimal(high.json().estimate.getSum).gt(inRange.json().getSum)).toBe(true);
    expect((await quote('abc')).json().estimate).toBeUndefined();
  });

  it('refuses a minimum below the threshold and answers in English', async () => {
    const res = await calculate(
      { giveName: 'XMR', getName: 'BTC', sum: '0.3', direction: 'sell' },
      { 'accept-language': 'en' },
    );
    expect(res.json().parameterErrors).toEqual([{ name: 'sum', messages: ['Less than the minimum amount'] }]);
  });

  it('refuses more than the reserve with the limit and the reserve', async () => {
    await ctx.database.db.update(reserves).set({ balance: '0.01' }).where(eq(reserves.currencyCode, 'BTC'));
    ctx.app.services.catalog.forgetReserve('BTC');
    const res = await quote('100000');
    expect(res.json().parameterErrors).toEqual([
      { name: 'sum', messages: ['Превышен лимит', 'В резерве 0,01 BTC: уменьшите сумму'] },
    ]);
    expect(res.json().estimate.giveSum).toBe('100000.00');
    const en = await calculate(
      { giveName: 'SBERRUB', getName: 'BTC', sum: '100000', direction: 'sell' },
      { 'accept-language': 'en' },
    );
    expect(en.json().parameterErrors[0].messages).toEqual([
      'Limit exceeded',
      'The reserve is 0.01 BTC: lower the amount',
    ]);
    await ctx.database.db.update(reserves).set({ balance: '3.2548731' }).where(eq(reserves.currencyCode, 'BTC'));
    ctx.app.services.catalog.forgetReserve('BTC');
  });

  it('answers 409 for a closed direction and 400 for missing or unknown fields', async () => {
    await ctx.database.db
      .update(directions)
      .set({ enabled: false })
      .where(and(eq(directions.giveCode, 'SBERRUB'), eq(directions.getCode, 'ETH')));
    await ctx.app.services.catalog.refresh();
    expect((await calculate({ giveName: 'SBERRUB', getName: 'ETH', sum: '5000', direction: 'sell' })).statusCode).toBe(
      409,
    );
    const missing = await calculate({ giveName: 'SBERRUB' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().parameterErrors).toEqual(
      expect.arrayContaining([
        { name: 'getName', messages: ['Это поле обязательно'] },
        { name: 'sum', messages: ['Это поле обязательно'] },
        { name: 'direction', messages: ['Это поле обязательно'] },
      ]),
    );
    const unknown = await calculate({ giveName: 'SBERRUB', getName: 'DOGE', sum: '5000', direction: 'sell' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ parameterErrors: [{ name: 'getName', messages: ['Такой валюты нет'] }] });
  });

  it('applies a valid promo code, and explains one that cannot be applied', async () => {
    await ctx.database.db.insert(promoCodes).values([{ code: 'WELCOME50' }, { code: 'USED-ONE', status: 'used' }]);
    const plain = (await quote('5000')).json();
    const withPromo = (await quote('5000', { promocode: 'welcome50' })).json();
    // 50 RUB at 0.0124 USD, in BTC at 94850.12 USD
    const bonus = new Decimal(50).times('0.0124').div('94850.12').toDecimalPlaces(8, Decimal.ROUND_DOWN);
    expect(withPromo.promo).toEqual({ code: 'WELCOME50', bonus: bonus.toFixed(8) });
    expect(new Decimal(withPromo.getSum).minus(plain.getSum).minus(bonus).abs().lte('0.00000001')).toBe(true);
    expect((await quote('5000', { promocode: 'USED-ONE' })).json()).toMatchObject({
      promo: null,
      promoError: 'Этот промокод уже использован',
    });
    expect((await quote('5000', { promocode: 'NO-SUCH-CODE' })).json()).toMatchObject({
      promo: null,
      promoError: 'Промокод недействителен',
    });
    expect((await quote('3000', { promocode: 'WELCOME50' })).json().promo).not.toBeNull();
    const small = await calculate({
      giveName: 'USDTTRC20',
      getName: 'SBERRUB',
      sum: '30',
      direction: 'sell',
      promocode: 'WELCOME50',
    });
    expect(small.json()).toMatchObject({ promo: null, promoError: 'Промокод действует на обмен от 3000 ₽' });
  });
});

describe('texts and fields', () => {
  it('gives the seo record of a pair, or 404', async () => {
    const missing = await ctx.app.inject({ url: '/api/v1/seo/getbytickers?giveCode=XMR&getCode=SOL' });
    expect(missing.statusCode).toBe(404);
  });

  it('gives the currency message of a side, empty when there is none', async () => {
    const res = await ctx.app.inject({ url: `${E}/get_currency_message?currencyName=TRX&direction=give` });
    expect(res.json()).toEqual({ message: '' });
  });
});

describe('the seeded texts and fields', () => {
  it('gives the seo record of a seeded pair in the request language', async () => {
    const ru = await ctx.app.inject({ url: '/api/v1/seo/getbytickers?giveCode=SBERRUB&getCode=BTC' });
    const en = await ctx.app.inject({ url: '/api/v1/seo/getbytickers?giveCode=SBERRUB&getCode=BTC&lang=en' });
    expect(ru.statusCode).toBe(200);
    expect(ru.json().siteHeader).toMatch(/Сбер/);
    expect(en.json().siteHeader).toMatch(/Sber/);
    expect(en.json().textBody.split('\n\n').length).toBeGreaterThanOrEqual(3);
  });

  it('gives the requisite fields of both sides, with patterns their placeholders meet', async () => {
    const res = await ctx.app.inject({ url: `${E}/get_fields/SBERRUB/BTC?lang=en` });
    const { give, get } = res.json() as {
      give: { name: string; pattern: string; placeholder: string; kind: string }[];
      get: typeof give;
    };
    expect(give.map((f) => f.name)).toEqual(expect.arrayContaining(['cardNumber', 'fullName']));
    expect(get.map((f) => f.name)).toContain('walletAddress');
    for (const field of [...give, ...get]) {
      const value = ['card', 'phone'].includes(field.kind)
        ? field.placeholder.replace(/[\s-]/g, '')
        : field.placeholder;
      expect(new RegExp(field.pattern).test(value)).toBe(true);
    }
    // English pages show English examples (issue 34), Russian pages Russian ones.
    expect(give.find((f) => f.name === 'fullName')!.placeholder).toBe('John Smith');
    const ru = (await ctx.app.inject({ url: `${E}/get_fields/SBERRUB/BTC?lang=ru` })).json();
    expect(ru.give.find((f: { name: string }) => f.name === 'fullName').placeholder).toBe('Иванов Иван Иванович');
  });

  it('gives the operator note of a side', async () => {
    const res = await ctx.app.inject({ url: `${E}/get_currency_message?currencyName=SBERRUB&direction=give` });
    expect(res.json().message.length).toBeGreaterThan(10);
  });
});
