import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRoles } from '../../test/admin';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createTicket, usdtToBtc, BTC_ADDRESS } from '../../test/tickets';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  ctx = await createTestApp();
  roles = await consoleRoles(ctx);
});
afterAll(() => ctx.close());

const NUL = 'a\u0000b';
const refused = (name: string, message = 'Поле содержит недопустимый символ') => ({
  parameterErrors: [{ name, messages: [message] }],
});

describe('U+0000 in a string is refused by the contract (400), before PostgreSQL sees it', () => {
  it('a login name, in the language of the request', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/token', payload: { username: NUL, password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('username'));
    const english = await ctx.app.inject({
      method: 'POST',
      url: '/token?lang=en',
      payload: { username: NUL, password: 'x' },
    });
    expect(english.json()).toEqual(refused('username', 'The field contains a character that is not allowed'));
  });

  it('a lone UTF-16 surrogate in a JSON login name or an operator’s note, as a NUL is (issue 42: it was a 500)', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a\\ud800b","password":"x"}',
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual(refused('username'));
    const note = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/holds/cancel',
      headers: { ...roles.admin, 'content-type': 'application/json' },
      payload: '{"by":"email","client":"x@example.com","note":"\\udc00"}',
    });
    expect(note.statusCode).toBe(400);
    expect(note.json().parameterErrors).toContainEqual({
      name: 'note',
      messages: ['Поле содержит недопустимый символ'],
    });
  });

  it('a promo code, on a quote and on a ticket', async () => {
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/Exchange/calculate',
      payload: { giveName: 'USDTTRC20', getName: 'BTC', sum: '0.01', direction: 'buy', promocode: NUL },
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.json()).toEqual(refused('promocode'));
    const ticket = await createTicket(ctx, usdtToBtc('0.01', { promocode: NUL }));
    expect(ticket.statusCode).toBe(400);
    expect(ticket.json()).toEqual(refused('promocode'));
  });

  it("an operator's note and the console's searches", async () => {
    const note = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/tickets/aaaaaaaaaaaaaaaaaaaaaa/freeze',
      headers: roles.operator,
      payload: { note: NUL },
    });
    expect(note.statusCode).toBe(400);
    expect(note.json()).toEqual(refused('note'));
    for (const url of ['/api/admin/tickets', '/api/admin/users', '/api/admin/promo-codes', '/api/admin/audit']) {
      const search = await ctx.app.inject({ url: `${url}?q=a%00b`, headers: roles.admin });
      expect(search.statusCode, url).toBe(400);
      expect(search.json()).toEqual(refused('q'));
    }
  });
});

describe('amounts in the console that are no decimals are field errors (400), not a DecimalError', () => {
  const direction = {
    giveCode: 'BTC',
    getCode: 'LTC',
    enabled: true,
    feePercent: '1',
    fixedExtraPercent: '0',
    minSum: '0.001',
    threshold: null,
    maxSum: '1',
    manual: false,
    cardVerify: false,
    paymentWindowMinutes: 30,
    quoteLifetimeSeconds: 60,
  };

  it.each([
    ['minSum', { minSum: 'abc' }],
    ['maxSum', { maxSum: '1,5' }],
    ['threshold', { threshold: '12abc' }],
  ])('a direction with %s not an amount', async (name, fields) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/directions',
      headers: roles.admin,
      payload: { ...direction, ...fields },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().parameterErrors as { name: string; messages: string[] }[];
    expect(errors.find((error) => error.name === name)?.messages).toContain('Неверное значение');
  });

  it('discount bands with a turnover that is no amount', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/discount-bands',
      headers: roles.admin,
      payload: {
        bands: [
          { minTurnoverUsd: '0', percent: '0.05' },
          { minTurnoverUsd: '1 000', percent: '0.1' },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      parameterErrors: [{ name: 'bands.1.minTurnoverUsd', messages: ['Неверное значение'] }],
    });
  });
});

describe("requisites: the direction's own fields only, and a ticket body of 16 KB at most", () => {
  it('a field the direction does not ask for is refused, not stored', async () => {
    const res = await createTicket(
      ctx,
      usdtToBtc('0.01', { requisites: { give: { memo: 'hello' }, get: { walletAddress: BTC_ADDRESS } } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      parameterErrors: [{ name: 'requisites.give.memo', messages: ['Такого поля у этого направления нет'] }],
    });
  });

  it('more names than any direction has, or names no field can have: 400 from the contract', async () => {
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`field${i}`, 'x']));
    const crowded = await createTicket(ctx, usdtToBtc('0.01', { requisites: { give: many, get: {} } }));
    expect(crowded.statusCode).toBe(400);
    expect(crowded.json()).toEqual({
      parameterErrors: [{ name: 'requisites.give', messages: ['Такого поля у этого направления нет'] }],
    });
    const odd = await createTicket(ctx, usdtToBtc('0.01', { requisites: { give: { 'a b': 'x' }, get: {} } }));
    expect(odd.statusCode).toBe(400);
  });

  it('60 000 names: refused by the body reader at 16 KB, never parsed', async () => {
    const give = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, 'v']));
    const res = await createTicket(ctx, usdtToBtc('0.01', { requisites: { give, get: {} } }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: { code: 'fst_err_ctp_body_too_large', message: 'Слишком большой запрос' } });
  });

  it('a ticket body over 16 KB, however it is padded', async () => {
    const padded = await createTicket(ctx, usdtToBtc('0.01', { padding: 'x'.repeat(16 * 1024) }));
    expect(padded.statusCode).toBe(413);
    const fits = await createTicket(ctx, usdtToBtc('0.01', { padding: 'x'.repeat(8 * 1024) }));
    expect(fits.statusCode).toBe(200);
  });
});
