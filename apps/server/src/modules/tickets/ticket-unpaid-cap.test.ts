import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { reserves, tickets } from '../../db/schema';

/**
 * Issue 42: 25 anonymous tickets from 25 addresses held all of BTC. Unpaid tickets together hold at
 * most the unpaid share of a reserve (50 % shipped); past it a ticket is made without a hold, which
 * it takes when its payment counts. A paid ticket always has its reserve, and a new customer is
 * never shut out by tickets nobody pays.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ shippedTicketLimits: true });
});
afterAll(() => ctx.close());

const reserveOf = async (code: string) =>
  (await ctx.database.db.select().from(reserves).where(eq(reserves.currencyCode, code)))[0]!;
/** A reserve of exactly `balance` with nothing held, so the shares below are round figures. */
async function startReserve(code: string, balance: string) {
  await ctx.database.db.update(tickets).set({ status: 'deleted' }).where(eq(tickets.getCode, code));
  await ctx.database.db
    .update(reserves)
    .set({ balance, held: '0', heldUnpaid: '0' })
    .where(eq(reserves.currencyCode, code));
  ctx.app.services.catalog.forgetReserve(code);
}
/** Held by the open tickets that hold hard: the reserve's `held` must always be exactly this. */
async function hardHeld(code: string) {
  const [row] = await ctx.database.db
    .select({ sum: sql<string | null>`sum(${tickets.getSum})` })
    .from(tickets)
    .where(
      sql`${tickets.getCode} = ${code} and ${tickets.hold} <> 'soft' and ${inArray(tickets.status, ['card_check', 'advance', 'new', 'frozen'])}`,
    );
  return new Decimal(row?.sum ?? '0');
}
const markPaid = (id: string) => ctx.app.services.tickets.transition(id, 'markPaid', { actor: 'operator:test' });

describe('what unpaid tickets may hold together', () => {
  it('250 simultaneous tickets from 250 addresses hold at most half of BTC; a new customer’s tenth is still made and, paid, held', async () => {
    await startReserve('BTC', '1');
    const results = await Promise.all(
      Array.from({ length: 250 }, (_, i) =>
        createTicket(
          ctx,
          usdtToBtc('0.05', { email: `crowd${i}@example.com` }),
          {},
          `198.18.${Math.floor(i / 200)}.${i % 200}`,
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const after = await reserveOf('BTC');
    // Exactly ten of 0.05 fit the unpaid half; the other 240 hold nothing.
    expect(new Decimal(after.held).toFixed(8)).toBe('0.50000000');
    expect(new Decimal(after.heldUnpaid).toFixed(8)).toBe('0.50000000');
    expect((await hardHeld('BTC')).toFixed(8)).toBe('0.50000000');

    const customer = await createTicket(ctx, usdtToBtc('0.1', { email: 'newcomer@example.com' }), {}, '192.0.2.200');
    expect(customer.statusCode).toBe(200);
    const ticket = customer.json();
    // Its payment counts: it now holds its amount outside the unpaid share, whoever holds the rest.
    await markPaid(ticket.id);
    const paid = await reserveOf('BTC');
    expect(new Decimal(paid.held).toFixed(8)).toBe('0.60000000');
    expect(new Decimal(paid.heldUnpaid).toFixed(8)).toBe('0.50000000');
    expect(new Decimal(paid.balance).gte(paid.held)).toBe(true);
    expect((await hardHeld('BTC')).toFixed(8)).toBe('0.60000000');

    // The crowd's tickets expire: their holds go, the paid one stays until it is paid out.
    await ctx.database.db
      .update(tickets)
      .set({ paymentDeadline: sql`now() - interval '1 second'` })
      .where(eq(tickets.status, 'advance'));
    expect(await ctx.app.services.tickets.expireDue(1000)).toBe(250);
    const expired = await reserveOf('BTC');
    expect(new Decimal(expired.held).toFixed(8)).toBe('0.10000000');
    expect(new Decimal(expired.heldUnpaid).toFixed(8)).toBe('0.00000000');
    await ctx.app.services.tickets.transition(ticket.id, 'complete', {
      actor: 'operator:test',
      payoutReference: 'tx-newcomer',
    });
    const done = await reserveOf('BTC');
    expect(new Decimal(done.held).toFixed(8)).toBe('0.00000000');
    expect(new Decimal(done.balance).toFixed(8)).toBe('0.90000000');
  }, 120_000); // 250 creations and 250 expiries, one transaction each: slow on a busy machine

  it('a ticket without a hold whose payment finds the reserve gone becomes a payment problem the client decides', async () => {
    await startReserve('BTC', '1');
    const hard = (await createTicket(ctx, usdtToBtc('0.4', { email: 'first@example.com' }), {}, '192.0.2.10')).json();
    const soft = (await createTicket(ctx, usdtToBtc('0.2', { email: 'second@example.com' }), {}, '192.0.2.11')).json();
    const rows = await ctx.database.db
      .select({ id: tickets.id, hold: tickets.hold })
      .from(tickets)
      .where(inArray(tickets.id, [hard.id, soft.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.hold]))).toEqual({ [hard.id]: 'unpaid', [soft.id]: 'soft' });
    // The operator pays out elsewhere meanwhile: 0.45 of the balance is left, 0.4 of it held.
    await ctx.database.db.update(reserves).set({ balance: '0.45' }).where(eq(reserves.currencyCode, 'BTC'));
    // The operator is told why, in their language, and nothing moves.
    const roles = await consoleRoles(ctx);
    const refused = await call(ctx, 'POST', `/api/admin/tickets/${soft.id}/markPaid`, roles.operator, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'reserve_short',
      message:
        'Резерв этой валюты сейчас не покрывает заявку: пополните остаток или дождитесь окончания неоплаченных заявок',
    });

    await ctx.app.services.payments.recordIncomingPayment({
      ticketId: soft.id,
      txid: 'f'.repeat(64),
      amount: soft.give.sum,
      confirmations: 20,
      required: 20,
      seenAt: new Date(),
      gone: false,
    });
    const shown = (
      await ctx.app.inject({ url: `/api/v1/Tickets/${soft.id}`, headers: { 'accept-language': 'en' } })
    ).json();
    expect(shown).toMatchObject({ status: 'payment_problem', paymentProblem: 'reserve' });
    const after = await reserveOf('BTC');
    expect(new Decimal(after.held).toFixed(8)).toBe('0.40000000');
    expect(new Decimal(after.balance).gte(after.held)).toBe(true);
  });

  it('a ticket its client marked paid with nothing received gives its hold back at its deadline, and holds again when paid', async () => {
    await startReserve('BTC', '1');
    const ticket = (
      await createTicket(ctx, usdtToBtc('0.3', { email: 'clicker@example.com' }), {}, '192.0.2.20')
    ).json();
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/confirm/${ticket.id}` })).json().status).toBe(
      'new',
    );
    // Marked paid by its client only: still an unpaid hold, under the cap.
    expect(new Decimal((await reserveOf('BTC')).heldUnpaid).toFixed(8)).toBe('0.30000000');
    await ctx.database.db
      .update(tickets)
      .set({ paymentDeadline: sql`now() - interval '1 second'` })
      .where(eq(tickets.id, ticket.id));
    await ctx.app.services.tickets.expireDue();
    const freed = await reserveOf('BTC');
    expect(new Decimal(freed.held).toFixed(8)).toBe('0.00000000');
    expect((await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}` })).json().status).toBe('new');
    // The operator finds the transfer and pays out: the hold is taken again first.
    await ctx.app.services.tickets.transition(ticket.id, 'complete', { actor: 'operator:test', payoutReference: 'tx' });
    const done = await reserveOf('BTC');
    expect(new Decimal(done.held).toFixed(8)).toBe('0.00000000');
    expect(new Decimal(done.balance).toFixed(8)).toBe('0.70000000');
  });
});
