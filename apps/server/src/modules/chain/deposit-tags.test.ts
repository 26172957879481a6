import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { sendJson, startFakeApi, type FakeApi } from '../../../test/fake-api';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { currencies } from '../../db/schema';
import { createChainWatcher } from './chain-watcher';

// One shared address and an amount tag: the tags of cancelled tickets come back (issue 42, item 5).
const SHARED = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const USDT_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** What TronGrid lists at the shared address: TRC-20 transfers, none solidified. */
const transfers: unknown[] = [];
let api: FakeApi;
let ctx: TestContext;

interface Made {
  id: string;
  give: { sum: string };
}

const make = async (email: string, remoteAddress = '203.0.113.7') => {
  const res = await createTicket(ctx, usdtToBtc('0.01', { email }), {}, remoteAddress);
  return res;
};
const cancel = (id: string) => ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/cancel/${id}` });

beforeAll(async () => {
  api = await startFakeApi((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/wallet/getnowblock') return sendJson(res, { block_header: { raw_data: { number: 1 } } });
    const confirmed = url.searchParams.get('only_confirmed') === 'true';
    const data = confirmed ? [] : transfers;
    return sendJson(res, { data, success: true, meta: { at: Date.now(), page_size: data.length } });
  });
  ctx = await createTestApp({ chainWatch: true });
  await ctx.database.db
    .update(currencies)
    .set({
      watchMode: 'amount_tag',
      watchChain: 'tron',
      watchAddress: SHARED,
      watchToken: USDT_TRON,
      watchDecimals: 6,
      watchApiUrl: api.base,
      watchConfirmations: 19,
    })
    .where(eq(currencies.code, 'USDTTRC20'));
  await ctx.app.services.catalog.changed();
});
afterAll(async () => {
  await ctx.close();
  api.close();
});

describe('amount tags at a shared address', () => {
  // Storms of creations through the API: slower than a test's 30 s on a busy machine.
  it('gives a cancelled ticket’s tag back unless a payment was seen for it, so 99 create-and-cancel block nobody', async () => {
    // A ticket whose transfer was seen (short of its confirmations) and that was then cancelled keeps its tag.
    const paid = (await make('paid@example.com')).json<Made>();
    const units = (sum: string) =>
      (BigInt(sum.replace('.', '')) * 10n ** BigInt(6 - sum.split('.')[1]!.length)).toString();
    transfers.push({
      transaction_id: 'ab'.repeat(32),
      token_info: { symbol: 'USDT', address: USDT_TRON, decimals: 6, name: 'Tether USD' },
      block_timestamp: Date.now() - 5_000,
      from: 'TJmmqjb1DK9TTZbQXzRQ2AuA94z4gKAPFh',
      to: SHARED,
      type: 'Transfer',
      value: units(paid.give.sum),
    });
    await createChainWatcher({
      database: ctx.database,
      catalog: ctx.app.services.catalog,
      onObservation: (o) => ctx.app.services.payments.recordIncomingPayment(o).then(() => undefined),
    }).watch('tron');
    expect((await cancel(paid.id)).statusCode).toBe(200);

    const sums: string[] = [];
    for (let i = 0; i < 99; i += 1) {
      const res = await make('churn@example.com');
      expect(res.statusCode).toBe(200);
      const made = res.json<Made>();
      sums.push(made.give.sum);
      expect((await cancel(made.id)).statusCode).toBe(200);
    }
    expect(sums).not.toContain(paid.give.sum);

    const customer = await make('customer@example.com', '198.51.100.20');
    expect(customer.statusCode).toBe(200);
    expect(customer.json<Made>().give.sum).not.toBe(paid.give.sum);
  }, 120_000);

  // Storms of creations through the API: slower than a test's 30 s on a busy machine.
  it('answers 409 in the client’s language when every tag of a sum is held by an unpaid ticket', async () => {
    // The first test left two tags held (the paid one and the customer's): 97 more take the rest.
    const open: Made[] = [];
    let refused = await make('holder@example.com', '203.0.113.100');
    for (let i = 1; refused.statusCode === 200 && i < 120; i += 1) {
      open.push(refused.json<Made>());
      refused = await make(`holder${i}@example.com`, `203.0.113.${100 + (i % 100)}`);
    }
    expect(open).toHaveLength(97);
    expect(refused.statusCode).toBe(409);
    const error = refused.json<{ error: { code: string; message: string } }>().error;
    expect(error.code).toBe('deposit_tags_exhausted');
    expect(error.message).toMatch(/сумму/);
    const en = await createTicket(ctx, usdtToBtc('0.01', { email: 'late@example.com' }), { 'accept-language': 'en' });
    expect(en.statusCode).toBe(409);
    expect(en.json<{ error: { message: string } }>().error.message).toMatch(/amount/);
    // One cancelled ticket gives its tag to the next customer at once.
    expect((await cancel(open[0]!.id)).statusCode).toBe(200);
    expect((await make('next@example.com', '198.51.100.22')).statusCode).toBe(200);
  }, 120_000);
});
