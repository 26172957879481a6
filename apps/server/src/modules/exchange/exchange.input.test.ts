import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passesLuhn, type RequisiteField } from '@obmen/shared';
import { createTestApp, type TestContext } from '../../../test/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const E = '/api/v1/Exchange';
const get = (url: string, lang?: string) =>
  ctx.app.inject({ url, ...(lang && { headers: { 'accept-language': lang } }) });
const calculate = (fields: Record<string, string>, lang?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `${E}/calculate`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(lang && { 'accept-language': lang }) },
    payload: new URLSearchParams(fields).toString(),
  });

const unknown = (name: string, message = 'Такой валюты нет') => ({ parameterErrors: [{ name, messages: [message] }] });

describe('an unknown currency is bad input on every call: 400 naming the parameter', () => {
  it.each([
    [`${E}/get_currency/DOGE`, 'x'],
    [`${E}/get_reserve/DOGE`, 'x'],
    [`${E}/get_range?giveName=DOGE&getName=BTC`, 'giveName'],
    [`${E}/get_range?giveName=BTC&getName=DOGE`, 'getName'],
    [`${E}/direction_status?giveName=DOGE&getName=BTC&useFixedDirection=false`, 'giveName'],
    [`${E}/get_currency_message?currencyName=DOGE&direction=give`, 'currencyName'],
    [`${E}/get_fields/SBERRUB/DOGE`, 'y'],
    [`${E}/get_fields/DOGE/BTC`, 'x'],
    [`${E}/course?giveName=SBERRUB&getName=DOGE`, 'getName'],
  ])('%s', async (url, name) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(unknown(name));
  });

  it('names both sides when both are unknown, in English too', async () => {
    const res = await get(`${E}/get_range?giveName=FOO&getName=BAR`, 'en');
    expect(res.json()).toEqual({
      parameterErrors: [
        { name: 'giveName', messages: ['No such currency'] },
        { name: 'getName', messages: ['No such currency'] },
      ],
    });
  });

  it('in calculate as well', async () => {
    const res = await calculate({ giveName: 'DOGE', getName: 'BTC', sum: '100', direction: 'sell' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(unknown('giveName'));
  });
});

describe('malformed parameters', () => {
  it.each([
    [`${E}/get_currency/BT-C`, 'x', 'Неверное значение'],
    [`${E}/get_currency/${'A'.repeat(21)}`, 'x', 'Максимум 20 символов'],
    [`${E}/get_range?giveName=SBERRUB`, 'getName', 'Это поле обязательно'],
    [`${E}/direction_status?getName=BTC`, 'giveName', 'Это поле обязательно'],
    [`${E}/get_currency_message?currencyName=BTC&direction=sideways`, 'direction', 'Неверное значение'],
    [`${E}/get_currency_message?direction=give`, 'currencyName', 'Это поле обязательно'],
    ['/api/v1/seo/getbytickers?giveCode=SBERRUB', 'getCode', 'Это поле обязательно'],
  ])('%s → 400 on %s', async (url, name, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ parameterErrors: [{ name, messages: [message] }] });
  });

  it('gives 409 with the spec’s text for a closed direction on the pair calls', async () => {
    for (const url of [`${E}/get_range?giveName=XMR&getName=SOL`, `${E}/course?giveName=XMR&getName=SOL`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: { code: 'direction_unavailable', message: 'Данное направление недоступно' },
      });
    }
    const en = await calculate({ giveName: 'XMR', getName: 'SOL', sum: '1', direction: 'sell' }, 'en');
    expect(en.statusCode).toBe(409);
    expect(en.json().error.message).toBe('This direction is unavailable');
  });
});

describe('calculate refuses bad sums with a clear message', () => {
  const sell = (sum: string, lang?: string) =>
    calculate({ giveName: 'SBERRUB', getName: 'BTC', sum, direction: 'sell' }, lang);
  const buy = (sum: string) => calculate({ giveName: 'SBERRUB', getName: 'BTC', sum, direction: 'buy' });

  it.each([
    ['-1', 'Неверное значение'],
    ['−5000', 'Неверное значение'],
    ['5000 RUB', 'Неверное значение'],
    ['NaN', 'Неверное значение'],
    ['Infinity', 'Неверное значение'],
    ['0x1F4', 'Неверное значение'],
    ['1,000.50', 'Неверное значение'],
    ['5000.5.5', 'Неверное значение'],
    ['5e3', 'Неверное значение'],
    ['', 'Это поле обязательно'],
    ['   ', 'Это поле обязательно'],
    ['1'.repeat(65), 'Неверное значение'],
    ['0', 'Меньше минимальной суммы'],
    ['0.00', 'Меньше минимальной суммы'],
    ['5000.123', 'Не больше 2 знаков после запятой'],
    ['9'.repeat(60), 'Больше максимальной суммы'],
    [`${'9'.repeat(40)}.99`, 'Больше максимальной суммы'],
  ])('sell %j → %s', async (sum, message) => {
    const res = await sell(sum);
    expect(res.statusCode).toBe(400);
    expect(res.json().parameterErrors).toEqual([{ name: 'sum', messages: [message] }]);
  });

  it.each([
    ['0.000000001', 'Не больше 8 знаков после запятой'],
    ['0.00000001', 'Меньше минимальной суммы'],
    ['99999999999999999999', 'Больше максимальной суммы'],
  ])('buy %j → %s', async (sum, message) => {
    const res = await buy(sum);
    expect(res.statusCode).toBe(400);
    expect(res.json().parameterErrors).toEqual([{ name: 'sum', messages: [message] }]);
  });

  it('says it in English for an English request', async () => {
    expect((await sell('abc', 'en')).json()).toEqual({
      parameterErrors: [{ name: 'sum', messages: ['Invalid value'] }],
    });
    expect((await sell('10.001', 'en')).json()).toEqual({
      parameterErrors: [{ name: 'sum', messages: ['At most 2 digits after the decimal point'] }],
    });
  });

  it('refuses an unknown direction word and an overlong promo code', async () => {
    const direction = await calculate({ giveName: 'SBERRUB', getName: 'BTC', sum: '5000', direction: 'swap' });
    expect(direction.statusCode).toBe(400);
    expect(direction.json().parameterErrors).toEqual([{ name: 'direction', messages: ['Неверное значение'] }]);
    const promo = await calculate({
      giveName: 'SBERRUB',
      getName: 'BTC',
      sum: '5000',
      direction: 'sell',
      promocode: 'X'.repeat(41),
    });
    expect(promo.statusCode).toBe(400);
    expect(promo.json().parameterErrors).toEqual([{ name: 'promocode', messages: ['Максимум 40 символов'] }]);
  });

  it('takes JSON as well as a form, and refuses a number where a decimal string belongs', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: `${E}/calculate`,
      payload: { giveName: 'SBERRUB', getName: 'BTC', sum: '5000', direction: 'sell' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().giveSum).toBe('5000.00');
    // A JSON number may already have lost digits to floating point: only text is exact.
    const number = await ctx.app.inject({
      method: 'POST',
      url: `${E}/calculate`,
      payload: { giveName: 'SBERRUB', getName: 'BTC', sum: 5000.1, direction: 'sell' },
    });
    expect(number.statusCode).toBe(400);
    expect(number.json().parameterErrors[0].name).toBe('sum');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${E}/calculate`,
      headers: { 'content-type': 'application/json' },
      payload: '{"sum": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Некорректный запрос');
  });

  it('never answers 500, whatever is typed into the sum or the currency fields', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 70 }), fc.stringMatching(/^-?[0-9 ,.]{0,30}$/)),
        fc.constantFrom('SBERRUB', 'BTC', 'XMR', 'TON', 'DOGE', 'btc', 'A-B', ''),
        fc.constantFrom('sell', 'buy'),
        async (sum, code, direction) => {
          const res = await calculate({ giveName: code, getName: 'USDTTRC20', sum, direction });
          expect([200, 400, 409]).toContain(res.statusCode);
          if (res.statusCode === 400) {
            const body = res.json();
            expect(body.parameterErrors.length).toBeGreaterThan(0);
            for (const entry of body.parameterErrors) expect(entry.messages.join('').length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('get_fields', () => {
  it('asks for a card with a Luhn check, a wallet address per network, and a memo where the network needs one', async () => {
    const res = await get(`${E}/get_fields/SBERRUB/TON`, 'en');
    expect(res.statusCode).toBe(200);
    const { give, get: got } = res.json<{ give: RequisiteField[]; get: RequisiteField[] }>();
    const card = give.find((f) => f.kind === 'card');
    expect(card).toMatchObject({ required: true, label: expect.any(String), hint: expect.any(String) });
    expect(passesLuhn(card!.placeholder.replace(/\D/g, ''))).toBe(true);
    const address = got.find((f) => f.kind === 'address')!;
    expect(new RegExp(address.pattern).test('UQCH2ds1UJ6upEQohJipcKpnqlTlWAwaVSPpUf62Ux3Lg7y4')).toBe(true);
    expect(new RegExp(address.pattern).test('TJYeasTPa6gpEEfYqh1xsqcLgGzkBqcGrG')).toBe(false);
    expect(got.find((f) => f.kind === 'memo')).toMatchObject({ name: 'memo', required: false });
    // A network without memos does not ask for one.
    const btc = (await get(`${E}/get_fields/SBERRUB/BTC`)).json<{ get: RequisiteField[] }>();
    expect(btc.get.some((f) => f.kind === 'memo')).toBe(false);
  });
});
