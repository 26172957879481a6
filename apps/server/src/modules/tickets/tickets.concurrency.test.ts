import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, sberToBtc, usdtToBtc } from '../../../test/tickets';
import { outbox, promoCodes, reserves, ticketHistory, tickets } from '../../db/schema';

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
    for (const r of refused) {
      expect(r.json().parameterErrors[0].messages).toEqual(['Превышен лимит', expect.stringMatching(/^В резерве /)]);
    }
    // Made in batches (group commit), each still with its first history entry and its mail.
    const createdIds = accepted.map((r) => r.json().id as string);
    const firsts = await ctx.database.db
      .select({ n: count() })
      .from(ticketHistory)
      .where(and(inArray(ticketHistory.ticketId, createdIds), eq(ticketHistory.toStatus, 'advance')));
    expect(firsts[0]!.n).toBe(fits);
    const advanceMails = await ctx.database.db
      .select({ n: count() })
      .from(outbox)
      .where(and(eq(outbox.kind, 'ticket_advance'), like(outbox.toAddress, 'rush%')));
    expect(advanceMails[0]!.n).toBe(fits);
    const after = await reserve('BTC');
    expect(new Decimal(after.held).eq(after.balance)).toBe(true);
    expect(new Decimal(after.held).minus(before.held).toFixed(8)).toBe(new Decimal('0.01').times(fits).toFixed(8));

    // Cancel each twice at once, and let the expiry job race the cancels: each hold comes back exactly once.
    const ids = accepted.map((r) => r.json().id as string);
    await ctx.database.db
      .update(tickets)
      .set({ paymentDeadline: new Date(Date.now() - 1000) })
      .where(inArray(tickets.id, ids.slice(0, 10)));
    // Two expiry jobs at once stand for two server processes running theirs.
    await Promise.all([
      ...ids.flatMap((id) => [
        ctx.app.inject({ url: `/api/v1/Tickets/cancel/${id}` }),
        ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/cancel/${id}` }),
      ]),
      ctx.app.services.tickets.expireDue(),
      ctx.app.services.tickets.expireDue(),
    ]);
    const released = await reserve('BTC');
    expect(new Decimal(released.held).toFixed(8)).toBe(new Decimal(before.held).toFixed(8));
    // Each ticket ended once: one history entry and one mail for its end.
    const ends = await ctx.database.db
      .select({ ticketId: ticketHistory.ticketId, n: count() })
      .from(ticketHistory)
      .where(and(inArray(ticketHistory.ticketId, ids), eq(ticketHistory.toStatus, 'deleted')))
      .groupBy(ticketHistory.ticketId);
    expect(ends).toHaveLength(fits);
    expect(ends.every((e) => e.n === 1)).toBe(true);
    const endMails = await ctx.database.db
      .select({ n: count() })
      .from(outbox)
      .where(and(eq(outbox.kind, 'ticket_deleted'), like(outbox.toAddress, 'rush%')));
    expect(endMails[0]!.n).toBe(fits);
  });

  it('shares the last of a reserve fairly between plain tickets and retries with one Idempotency-Key in one burst', async () => {
    const fits = 10;
    const before = await reserve('BTC');
    await ctx.database.db
      .update(reserves)
      .set({ balance: sql`${reserves.held} + ${new Decimal('0.01').times(fits).toFixed(8)}` })
      .where(eq(reserves.currencyCode, 'BTC'));
    ctx.app.services.catalog.forgetReserve('BTC');
    const results = await Promise.all([
      ...Array.from({ length: 15 }, (_, i) => createTicket(ctx, usdtToBtc('0.01', { email: `mixed${i}@example.com` }))),
      ...Array.from({ length: 5 }, () =>
        createTicket(ctx, usdtToBtc('0.01', { email: 'keyed@example.com' }), { 'idempotency-key': 'mixed-burst-1' }),
      ),
    ]);
    const ids = new Set(results.filter((r) => r.statusCode === 200).map((r) => r.json().id as string));
    expect(ids.size).toBe(fits);
    const keyed = results.slice(15);
    // The retries answer alike: all with the one ticket, or all refused.
    expect(new Set(keyed.map((r) => (r.statusCode === 200 ? r.json().id : r.statusCode))).size).toBe(1);
    const after = await reserve('BTC');
    expect(new Decimal(after.held).eq(after.balance)).toBe(true);
    // The room the tests after this one expect.
    await ctx.database.db
      .update(reserves)
      .set({ balance: sql`${reserves.held} + ${new Decimal(before.balance).minus(before.held).toFixed(8)}` })
      .where(eq(reserves.currencyCode, 'BTC'));
    ctx.app.services.catalog.forgetReserve('BTC');
  });

  it('makes the rest of a burst when the database refuses one of its tickets', async () => {
    // A trigger stands in for any row the database may refuse (a referrer deleted meanwhile…).
    await ctx.database.db.execute(sql`
      create function refuse_doomed() returns trigger language plpgsql as $$
      begin
        if new.email = 'doomed@example.com' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await ctx.database.db.execute(
      sql`create trigger refuse_doomed before insert on tickets for each row execute function refuse_doomed()`,
    );
    try {
      const before = await reserve('BTC');
      const results = await Promise.all(
        ['doomed', ...Array.from({ length: 19 }, (_, i) => `burst${i}`)].map((name) =>
          createTicket(ctx, usdtToBtc('0.01', { email: `${name}@example.com` })),
        ),
      );
      expect(results[0]!.statusCode).toBe(500);
      expect(results.slice(1).map((r) => r.statusCode)).toEqual(Array(19).fill(200));
      const after = await reserve('BTC');
      expect(new Decimal(after.held).minus(before.held).toFixed(8)).toBe('0.19000000');
    } finally {
      await ctx.database.db.execute(sql`drop trigger refuse_doomed on tickets`);
      await ctx.database.db.execute(sql`drop function refuse_doomed()`);
    }
  });

  it('lets exactly one of 20 simultaneous tickets take a promo code', async () => {
    await ctx.database.db.insert(promoCodes).values({ code: 'ONLYONCE' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createTicket(ctx, sberToBtc('10000', { promocode: 'ONLYONCE', email: `promo${i}@example.com` })),
      ),
    );
    const taken = results.filter((r) => r.statusCode === 200);
    expect(taken).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.json()).toEqual({ parameterErrors: [{ name: 'promocode', messages: [expect.any(String)] }] });
    }
    const codes = await ctx.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'ONLYONCE'));
    expect(codes[0]).toMatchObject({ status: 'held', ticketId: taken[0]!.json().id });
    // Cancelled, the code is free again, once.
    await ctx.app.inject({ url: `/api/v1/Tickets/cancel/${taken[0]!.json().id}` });
    const again = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createTicket(ctx, sberToBtc('10000', { promocode: 'ONLYONCE', email: `promo-again${i}@example.com` })),
      ),
    );
    expect(again.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('makes one ticket of 50 simultaneous creates with the same Idempotency-Key', async () => {
    const key = `idem-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => createTicket(ctx, usdtToBtc('0.01'), { 'idempotency-key': key })),
    );
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const rows = await ctx.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.idempotencyKey, `email:client@example.com:${key}`));
    expect(rows).toHaveLength(1);
  });

  it('answers every one of 50 retries with the one ticket even when it took the last reserve and the promo code', async () => {
    await ctx.database.db.insert(promoCodes).values({ code: 'RETRIED' });
    const payload = sberToBtc('10000', { promocode: 'RETRIED', email: 'retried@example.com' });
    const quoted = await createTicket(ctx, { ...payload, promocode: undefined, email: 'probe@example.com' });
    const need = quoted.json().get.sum as string;
    await ctx.app.inject({ url: `/api/v1/Tickets/cancel/${quoted.json().id}` });
    // Room for this one ticket (with its promo bonus), not for two.
    await ctx.database.db
      .update(reserves)
      .set({ balance: sql`${reserves.held} + ${new Decimal(need).times('1.5').toFixed(8)}` })
      .where(eq(reserves.currencyCode, 'BTC'));
    ctx.app.services.catalog.forgetReserve('BTC');
    const key = `retried-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => createTicket(ctx, payload, { 'idempotency-key': key })),
    );
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const [code] = await ctx.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'RETRIED'));
    expect(code).toMatchObject({ status: 'held', ticketId: results[0]!.json().id });
  });
});
