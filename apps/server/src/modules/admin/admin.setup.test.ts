import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  ctx = await createTestApp();
  roles = await consoleRoles(ctx);
});
afterAll(() => ctx.close());

const quote = async (giveName = 'SBERRUB', getName = 'BTC', sum = '10000') =>
  (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/Exchange/calculate',
      payload: { giveName, getName, sum, direction: 'sell' },
    })
  ).json();

const newCurrency = {
  code: 'DOGE',
  nameRu: 'Dogecoin',
  nameEn: 'Dogecoin',
  valute: 'DOGE',
  kind: 'crypto',
  iconPath: '/icons/currencies/doge.svg',
  scale: '8',
  aliases: 'doge, догикоин',
  highlighted: false,
  giveEnabled: true,
  getEnabled: true,
  sortOrder: '200',
  referralPayout: false,
  messageGiveRu: '',
  messageGiveEn: '',
  messageGetRu: 'Зачисление после 6 подтверждений',
  messageGetEn: 'Credited after 6 confirmations',
  giveFields: [],
  getFields: [
    {
      name: 'walletAddress',
      kind: 'address',
      labelRu: 'Адрес Dogecoin',
      labelEn: 'Dogecoin address',
      hintRu: '',
      hintEn: '',
      placeholder: 'D…',
      pattern: '^D[1-9A-HJ-NP-Za-km-z]{25,34}$',
      required: true,
    },
  ],
  payTo: [{ labelRu: 'Адрес для оплаты', labelEn: 'Pay to address', value: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L' }],
  usdPrice: '0.21',
};

describe('currencies', () => {
  it('lists every currency with its requisite fields and the exchanger’s receiving requisites', async () => {
    const res = await call(ctx, 'GET', '/api/admin/currencies', roles.operator);
    expect(res.statusCode).toBe(200);
    const btc = res.json().find((c: { code: string }) => c.code === 'BTC');
    expect(btc).toMatchObject({ nameRu: 'Bitcoin', scale: 8, kind: 'crypto', getEnabled: true });
    expect(btc.getFields[0]).toMatchObject({ name: 'walletAddress', pattern: expect.any(String), required: true });
  });

  it('creates a currency with its price and an empty reserve; a second with the same code is refused', async () => {
    const res = await call(ctx, 'POST', '/api/admin/currencies', roles.admin, newCurrency);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'DOGE', scale: 8, aliases: ['doge', 'догикоин'] });
    const list = await ctx.app.inject({
      url: '/api/v1/Exchange/get_currencies/get',
      headers: { 'accept-language': 'en' },
    });
    expect(list.json().map((c: { codeName: string }) => c.codeName)).toContain('DOGE');
    const reserve = await ctx.app.inject({ url: '/api/v1/Exchange/get_reserve/DOGE' });
    expect(Number(reserve.json().reserveAmount)).toBe(0);
    const [audit] = await auditOf(ctx, 'currencies', 'DOGE');
    expect(audit).toMatchObject({ action: 'create', actorName: roles.adminName, before: null });
    expect(audit!.after).toMatchObject({ code: 'DOGE', usdPrice: '0.21' });

    const again = await call(ctx, 'POST', '/api/admin/currencies', roles.admin, { ...newCurrency, code: 'doge' });
    expect(again.statusCode).toBe(400);
    expect(again.json().parameterErrors).toEqual([{ name: 'code', messages: ['Валюта с таким кодом уже есть'] }]);
  });

  it('refuses a requisite pattern that is no regular expression, and repeated field names', async () => {
    const badField = { ...newCurrency.getFields[0]!, pattern: '^(unclosed' };
    const res = await call(
      ctx,
      'POST',
      '/api/admin/currencies',
      { ...roles.admin, 'accept-language': 'en' },
      { ...newCurrency, code: 'BADRX', getFields: [badField, newCurrency.getFields[0]] },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().parameterErrors).toEqual(
      expect.arrayContaining([{ name: 'getFields.0.pattern', messages: ['This is not a regular expression'] }]),
    );
  });

  it('edits names, messages and the side switches; the converter follows; before and after are audited', async () => {
    const res = await call(ctx, 'PATCH', '/api/admin/currencies/LTC', roles.admin, {
      nameRu: 'Лайткоин',
      giveEnabled: false,
      messageGetRu: 'Зачисление после 6 подтверждений',
    });
    expect(res.statusCode).toBe(200);
    const give = await ctx.app.inject({ url: '/api/v1/Exchange/get_currencies/give' });
    expect(give.json().map((c: { codeName: string }) => c.codeName)).not.toContain('LTC');
    const get = await ctx.app.inject({ url: '/api/v1/Exchange/get_currencies/get' });
    expect(get.json().find((c: { codeName: string }) => c.codeName === 'LTC').name).toBe('Лайткоин');
    const message = await ctx.app.inject({
      url: '/api/v1/Exchange/get_currency_message?currencyName=LTC&direction=get',
    });
    expect(message.json().message).toBe('Зачисление после 6 подтверждений');
    const [audit] = await auditOf(ctx, 'currencies', 'LTC');
    expect(audit!.before).toMatchObject({ nameRu: 'Litecoin', giveEnabled: true });
    expect(audit!.after).toMatchObject({ nameRu: 'Лайткоин', giveEnabled: false });
    expect((await call(ctx, 'PATCH', '/api/admin/currencies/NOPE', roles.admin, { nameRu: 'x' })).statusCode).toBe(404);
  });
});

describe('directions', () => {
  it('lists directions with whether they are open now', async () => {
    const res = await call(ctx, 'GET', '/api/admin/directions', roles.operator);
    const sber = res
      .json()
      .find((d: { giveCode: string; getCode: string }) => d.giveCode === 'SBERRUB' && d.getCode === 'BTC');
    expect(sber).toMatchObject({ enabled: true, available: true, minSum: '3000.00', manual: true });
  });

  it('pauses a direction and changes its fee and range; the converter follows; audited', async () => {
    const before = await quote('TCSBRUB', 'ETH');
    const res = await call(ctx, 'PATCH', '/api/admin/directions/TCSBRUB/ETH', roles.operator, {
      feePercent: '9.5',
      minSum: '5000',
      threshold: '',
      paymentWindowMinutes: '45',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      feePercent: '9.5',
      minSum: '5000.00',
      threshold: null,
      paymentWindowMinutes: 45,
    });
    expect(Number((await quote('TCSBRUB', 'ETH')).getSum)).toBeLessThan(Number(before.getSum));
    const range = await ctx.app.inject({ url: '/api/v1/Exchange/get_range?giveName=TCSBRUB&getName=ETH' });
    expect(range.json().minSum).toBe('5000.00');

    await call(ctx, 'PATCH', '/api/admin/directions/TCSBRUB/ETH', roles.operator, { enabled: false });
    const status = await ctx.app.inject({ url: '/api/v1/Exchange/direction_status?giveName=TCSBRUB&getName=ETH' });
    expect(status.json()).toBe(false);
    const [paused, changed] = await auditOf(ctx, 'directions', 'TCSBRUB>ETH');
    expect(paused).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(changed!.before).toMatchObject({ minSum: '3000.00' });
  });

  it('refuses a range whose threshold lies outside it or whose maximum is below the minimum', async () => {
    const res = await call(ctx, 'PATCH', '/api/admin/directions/SBERRUB/BTC', roles.operator, {
      threshold: '99999999',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().parameterErrors).toEqual([
      { name: 'threshold', messages: ['Порог должен быть между минимумом и максимумом'] },
    ]);
    const below = await call(ctx, 'PATCH', '/api/admin/directions/SBERRUB/BTC', roles.operator, { maxSum: '100' });
    expect(below.json().parameterErrors[0]).toEqual({ name: 'maxSum', messages: ['Максимум меньше минимума'] });
  });

  it('keeps working hours only as two different times, and lists them for the converter', async () => {
    const half = await call(ctx, 'PATCH', '/api/admin/directions/SBERRUB/ETH', roles.operator, { opensAt: '09:00' });
    expect(half.statusCode).toBe(400);
    expect(half.json().parameterErrors).toEqual([
      {
        name: 'closesAt',
        messages: ['Укажите и начало, и конец работы (разное время) или оставьте оба поля пустыми'],
      },
    ]);
    const garbled = await call(ctx, 'PATCH', '/api/admin/directions/SBERRUB/ETH', roles.operator, {
      opensAt: '25:00',
      closesAt: '9',
    });
    expect(
      garbled
        .json()
        .parameterErrors.map((e: { name: string }) => e.name)
        .sort(),
    ).toEqual(['closesAt', 'opensAt']);
    const set = await call(ctx, 'PATCH', '/api/admin/directions/SBERRUB/ETH', roles.operator, {
      opensAt: '22:00',
      closesAt: '06:00',
    });
    expect(set.json()).toMatchObject({ opensAt: '22:00', closesAt: '06:00' });
    const listed = (await ctx.app.inject({ url: '/api/v1/Exchange/directions' })).json<
      { giveName: string; getName: string; hours: unknown }[]
    >();
    expect(listed.find((p) => p.giveName === 'SBERRUB' && p.getName === 'ETH')!.hours).toEqual({
      opensAt: '22:00',
      closesAt: '06:00',
    });
    const cleared = await call(ctx, 'PATCH', '/api/admin/directions/SBERRUB/ETH', roles.operator, {
      opensAt: '',
      closesAt: '',
    });
    expect(cleared.json()).toMatchObject({ opensAt: null, closesAt: null, available: true });
  });

  it('creates a direction (admin) for a new currency, refusing a pair that exists or a currency twice', async () => {
    await call(ctx, 'POST', '/api/admin/currencies', roles.admin, { ...newCurrency, code: 'DOGEX', valute: 'DOGE' });
    const body = {
      giveCode: 'USDTTRC20',
      getCode: 'DOGEX',
      enabled: true,
      feePercent: '2',
      fixedExtraPercent: '0.5',
      minSum: '10',
      threshold: '',
      maxSum: '20000',
      manual: false,
      cardVerify: false,
      paymentWindowMinutes: '60',
      quoteLifetimeSeconds: '30',
    };
    expect((await quote('USDTTRC20', 'DOGEX', '100')).getSum).toBeUndefined();
    const res = await call(ctx, 'POST', '/api/admin/directions', roles.admin, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ giveCode: 'USDTTRC20', getCode: 'DOGEX', minSum: '10.00', available: true });
    await call(ctx, 'PUT', '/api/admin/reserves/DOGEX', roles.operator, { balance: '100000' });
    // 100 USDT at about $1 → about $98 after the 2 % fee → about 467 DOGE at $0.21, to the coin's 8 decimals.
    const { getSum } = await quote('USDTTRC20', 'DOGEX', '100');
    expect(getSum).toMatch(/^46\d\.\d{8}$/);
    expect(await auditOf(ctx, 'directions', 'USDTTRC20>DOGEX')).toHaveLength(1);

    const again = await call(ctx, 'POST', '/api/admin/directions', roles.admin, body);
    expect(again.json().parameterErrors).toEqual([{ name: 'getCode', messages: ['Такое направление уже есть'] }]);
    const same = await call(ctx, 'POST', '/api/admin/directions', roles.admin, { ...body, getCode: 'USDTTRC20' });
    expect(same.json().parameterErrors).toEqual([
      { name: 'getCode', messages: ['Валюты направления должны различаться'] },
    ]);
    const unknown = await call(ctx, 'POST', '/api/admin/directions', roles.admin, { ...body, giveCode: 'NOPE' });
    expect(unknown.json().parameterErrors).toEqual([{ name: 'giveCode', messages: ['Такой валюты нет'] }]);
  });
});

describe('prices and reserves', () => {
  it('sets a price by hand: the converter follows at once, the source says manual, before and after audited', async () => {
    const before = await quote();
    const res = await call(ctx, 'PUT', '/api/admin/prices/BTC', roles.operator, { usdPrice: '47425.06' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ usdPrice: '47425.06', source: 'manual', stale: false, ageSeconds: 0 });
    expect(Number((await quote()).getSum)).toBeCloseTo(Number(before.getSum) * 2, 6);
    const [entry] = await auditOf(ctx, 'prices', 'BTC');
    expect(entry).toMatchObject({
      action: 'update',
      before: { usdPrice: '94850.12' },
      after: { usdPrice: '47425.06' },
    });

    const list = await call(ctx, 'GET', '/api/admin/prices', roles.operator);
    expect(list.json().rateSource).toBe('static');
    expect(list.json().items.find((p: { currencyCode: string }) => p.currencyCode === 'BTC').source).toBe('manual');
    expect((await call(ctx, 'PUT', '/api/admin/prices/BTC', roles.operator, { usdPrice: '0' })).statusCode).toBe(400);
    // Without a live source there is nothing to hand the price back to.
    expect((await call(ctx, 'POST', '/api/admin/prices/BTC/release', roles.operator)).statusCode).toBe(409);
    await call(ctx, 'PUT', '/api/admin/prices/BTC', roles.operator, { usdPrice: '94850.12' });
  });

  it('sets a reserve balance: what visitors see follows; held and available are shown', async () => {
    const res = await call(ctx, 'PUT', '/api/admin/reserves/ETH', roles.operator, { balance: '12.5' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currencyCode: 'ETH', valute: 'ETH', balance: '12.50000000' });
    const visitor = await ctx.app.inject({ url: '/api/v1/Exchange/get_reserve/ETH' });
    expect(Number(visitor.json().reserveAmount)).toBe(12.5);
    const [audit] = await auditOf(ctx, 'reserves', 'ETH');
    expect(audit).toMatchObject({ after: { balance: '12.5' } });
    expect((await call(ctx, 'PUT', '/api/admin/reserves/ETH', roles.operator, { balance: '-1' })).statusCode).toBe(400);
  });

  it('refuses a balance below what open tickets hold of it, keeping the one there was', async () => {
    await call(ctx, 'PUT', '/api/admin/reserves/BTC', roles.operator, { balance: '3.2548731' });
    const ticket = await createTicket(ctx, usdtToBtc('0.5', { email: 'held@example.com' }));
    expect(ticket.statusCode).toBe(200);
    const res = await call(ctx, 'PUT', '/api/admin/reserves/BTC', roles.operator, { balance: '0.1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'below_held',
      message: 'Открытые заявки удерживают 0.50000000 BTC: баланс не может быть меньше',
    });
    const [btc] = (await call(ctx, 'GET', '/api/admin/reserves', roles.operator))
      .json()
      .filter((r: { currencyCode: string }) => r.currencyCode === 'BTC');
    expect(btc).toMatchObject({ balance: '3.25487310', held: '0.50000000' });
    expect((await call(ctx, 'PUT', '/api/admin/reserves/BTC', roles.operator, { balance: '0.5' })).statusCode).toBe(
      200,
    );
    await ctx.app.inject({ url: `/api/v1/Tickets/cancel/${ticket.json().id}` });
    await call(ctx, 'PUT', '/api/admin/reserves/BTC', roles.operator, { balance: '3.2548731' });
  });
});

describe('discount bands', () => {
  it('replaces the table (admin) after checking it starts at zero and rises', async () => {
    const bad = await call(ctx, 'PUT', '/api/admin/discount-bands', roles.admin, {
      bands: [
        { minTurnoverUsd: '100', percent: '0.05' },
        { minTurnoverUsd: '50', percent: '0.1' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().parameterErrors.map((e: { name: string }) => e.name)).toEqual([
      'bands.0.minTurnoverUsd',
      'bands.1.minTurnoverUsd',
    ]);
    const bands = [
      { minTurnoverUsd: '0', percent: '0.05' },
      { minTurnoverUsd: '500', percent: '0.15' },
    ];
    const res = await call(ctx, 'PUT', '/api/admin/discount-bands', roles.admin, { bands });
    expect(res.json()).toEqual(bands);
    expect((await call(ctx, 'GET', '/api/admin/discount-bands', roles.operator)).json()).toEqual(bands);
    const [audit] = await auditOf(ctx, 'discount-bands');
    expect(audit).toMatchObject({ action: 'replace', after: bands });
    expect((audit!.before as unknown[]).length).toBe(4);
  });
});
