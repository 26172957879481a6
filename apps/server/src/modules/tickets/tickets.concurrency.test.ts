import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, sberToBtc, usdtToBtc } from '../../../test/tickets';
import { promoCodes, reserves, tickets } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const reserve = async (code: string) =>
  (await ctx.database.db.select().from(reserves).where(eq(reserves.currencyCode, code)))[0]!;

describe('money under concurrency', () => {
  it('accepts exactly as many of 200 simultaneous tickets as the reserve fits, and gives every hold back once', async () => {
    const fits = 37;
    await ctx.database.db
      .update(reserves)
      .set({ balance: new Decimal('0.01').times(fits).toFixed(8), held: '0' })
      .where(eq(reserves.currencyCode, 'SOL'));
    await ctx.database.db
      .update(reserves)
      .set({ balance: sql`${reserves.held} + ${new Decimal('0.01').times(fits).toFixed(8)}` })
      .where(eq(reserves.currencyCode, 'BTC'));
    ctx.app.services.catalog.forgetReserve('BTC');
    const before = await reserve('BTC');

    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => createTicket(ctx, usdtToBtc('0.01', { email: `rush${i}@example.com` }))),
    );
    const accepted = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(accepted).toHaveLength(fits);
    for (const r of refused) expect(r.json().parameterErrors[0].messages[0]).toBe('Превышен лимит');
    const after = await reserve('BTC');
    expect(new Decimal(after.held).eq(after.balance)).toBe(true);
    expect(new Decimal(after.held).minus(before.held).toFixed(8)).toBe(new Decimal('0.01').times(fits).toFixed(8));

    // Cancel each twice at once, and let the expiry job race the cancels: each hold comes back exactly once.
    const ids = accepted.map((r) => r.json().id as string);
    await ctx.database.db
      .update(tickets)
      .set({ paymentDeadline: new Date(Date.now() - 1000) })
      .where(inArray(tickets.id, ids.slice(0, 10)));
    await Promise.all([
      ...ids.flatMap((id) => [
        ctx.app.inject({ url: `/api/v1/Tickets/cancel/${id}` }),
        ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/cancel/${id}` }),
      ]),
      ctx.app.services.tickets.expireDue(),
    ]);
    const released = await reserve('BTC');
    expect(new Decimal(released.held).toFixed(8)).toBe(new Decimal(before.held).toFixed(8));
  });

  it('lets exactly one of 20 simultaneous tickets take a promo code', async () => {
    await ctx.database.db.insert(promoCodes).values({ code: 'ONLYONCE' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createTicket(ctx, sberToBtc('10000', { promocode: 'ONLYONCE', email: `promo${i}@example.com` })),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const codes = await ctx.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'ONLYONCE'));
    expect(codes[0]?.status).toBe('held');
  });

  it('makes one ticket of 50 simultaneous creates with the same Idempotency-Key', async () => {
    const key = `idem-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => createTicket(ctx, usdtToBtc('0.01'), { 'idempotency-key': key })),
    );
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const rows = await ctx.database.db.select().from(tickets).where(eq(tickets.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });
});
