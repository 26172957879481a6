import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser } from '../../../test/users';

// Quoting reads the catalog from memory; every operator change must show at once, without a restart.
let ctx: TestContext;
let admin: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await createUser(ctx, 'admin')).headers;
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

const E = '/api/v1/Exchange';
const status = async (give: string, get: string) =>
  (await ctx.app.inject({ url: `${E}/direction_status?giveName=${give}&getName=${get}` })).json<boolean>();
const operator = (method: 'PUT' | 'PATCH', url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: admin, payload });

describe('the catalog in memory follows the operator', () => {
  it('reads no table to quote', async () => {
    const spy = vi.spyOn(ctx.database.db, 'select');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${E}/calculate`,
      payload: { giveName: 'BTC', getName: 'USDTTRC20', sum: '0.01', direction: 'sell' },
    });
    expect(res.statusCode).toBe(200);
    // Only the reserve (cached for a moment) may be read; the currencies, prices and directions come from memory.
    expect(spy.mock.calls.length).toBeLessThanOrEqual(1);
    spy.mockRestore();
  });

  it('closes and reopens a direction the moment it is switched', async () => {
    expect(await status('ETH', 'TON')).toBe(true);
    expect((await operator('PATCH', '/api/admin/directions/ETH/TON', { enabled: false })).statusCode).toBe(200);
    expect(await status('ETH', 'TON')).toBe(false);
    const quote = await ctx.app.inject({
      method: 'POST',
      url: `${E}/calculate`,
      payload: { giveName: 'ETH', getName: 'TON', sum: '1', direction: 'sell' },
    });
    expect(quote.statusCode).toBe(409);
    await operator('PATCH', '/api/admin/directions/ETH/TON', { enabled: true });
    expect(await status('ETH', 'TON')).toBe(true);
  });

  it('applies a new range, fee and quote lifetime at once', async () => {
    await operator('PATCH', '/api/admin/directions/TON/LTC', {
      minSum: '20',
      threshold: '25',
      maxSum: '1000',
      feePercent: '0',
      quoteLifetimeSeconds: 90,
    });
    const range = await ctx.app.inject({ url: `${E}/get_range?giveName=TON&getName=LTC` });
    expect(range.json()).toEqual({ minSum: '20.000000', threshold: '25.000000', maxSum: '1000.000000' });
    const quote = await ctx.app.inject({
      method: 'POST',
      url: `${E}/calculate`,
      payload: { giveName: 'TON', getName: 'LTC', sum: '100', direction: 'sell' },
    });
    // 100 TON × 3.184 / 88.41 with no fee
    expect(quote.json()).toMatchObject({ getSum: '3.60140255', fee: '0', expiresIn: 90 });
  });

  it('shows a new currency note and name, and takes a currency off a list', async () => {
    await operator('PATCH', '/api/admin/currencies/TRX', {
      messageGiveRu: 'Только из своего кошелька',
      nameRu: 'Трон',
    });
    const note = await ctx.app.inject({ url: `${E}/get_currency_message?currencyName=TRX&direction=give` });
    expect(note.json()).toEqual({ message: 'Только из своего кошелька' });
    const list = await ctx.app.inject({ url: `${E}/get_currencies/give` });
    expect(list.json().find((c: { codeName: string }) => c.codeName === 'TRX').name).toBe('Трон');
    await operator('PATCH', '/api/admin/currencies/TRX', { getEnabled: false });
    const gets = (await ctx.app.inject({ url: `${E}/get_currencies/get` })).json() as { codeName: string }[];
    expect(gets.some((c) => c.codeName === 'TRX')).toBe(false);
    expect(await status('BTC', 'TRX')).toBe(false);
    await operator('PATCH', '/api/admin/currencies/TRX', { getEnabled: true });
  });

  it('shows a new reserve at once', async () => {
    await operator('PUT', '/api/admin/reserves/LTC', { balance: '12.5' });
    const res = await ctx.app.inject({ url: `${E}/get_reserve/LTC` });
    expect(res.json()).toEqual({ reserveAmount: '12.50000000' });
  });

  it('closes the directions of a price past the maximum age the operator set, and a fresh price reopens them', async () => {
    await operator('PUT', '/api/admin/prices/SOL', { usdPrice: '181.73', maxAgeSeconds: 60 });
    expect(await status('SBERRUB', 'SOL')).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect(await status('SBERRUB', 'SOL')).toBe(false);
    expect(await status('SOL', 'BTC')).toBe(false);
    expect(await status('SBERRUB', 'BTC')).toBe(true);
    vi.useRealTimers();
    await operator('PUT', '/api/admin/prices/SOL', { usdPrice: '181.73', maxAgeSeconds: null });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 86_400_000 });
    expect(await status('SBERRUB', 'SOL')).toBe(true);
  });
});
