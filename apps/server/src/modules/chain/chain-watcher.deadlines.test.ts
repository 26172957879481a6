import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { currencies, outbox, reserves, ticketHistory, ticketPayments, tickets } from '../../db/schema';
import { btcTicket, clock, ctx, esplora, payment, payingWatcher, useEsploraApp } from './chain-watcher.kit';

/** Issue 42: how payments the watcher sees keep a ticket open past its deadline, and how they are judged. */
useEsploraApp();

// Each test starts with the source answering: one that stops on an outage leaves no closed direction behind.
beforeEach(async () => {
  await ctx.database.db.update(currencies).set({ watchError: null }).where(eq(currencies.code, 'BTC'));
  await ctx.app.services.catalog.changed();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const sats = (btc: string) => Number(new Decimal(btc).times(100_000_000).toFixed(0));
const rowOf = async (id: string) => (await ctx.database.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
const receivedOf = async (id: string) =>
  (await ctx.app.inject({ url: `/api/v1/Tickets/${id}` })).json<{ received: string | null }>().received;
const heldUsdt = async () =>
  new Decimal((await ctx.database.db.select().from(reserves).where(eq(reserves.currencyCode, 'USDTTRC20')))[0]!.held);
const expireDue = () => ctx.app.services.tickets.expireDue();

/** A bitcoin ticket made `age` ago whose deadline is `deadlineIn` from now (negative: passed). */
async function ticketDue(deadlineIn: number, age = 10 * MINUTE) {
  clock.now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const ticket = await btcTicket();
  await ctx.database.db
    .update(tickets)
    .set({ createdAt: new Date(Date.now() - age), paymentDeadline: new Date(Date.now() + deadlineIn) })
    .where(eq(tickets.id, ticket.id));
  return { ...ticket, address: ticket.payTo[0]!.value, sats: sats(ticket.give.sum) };
}

const setDeadline = (id: string, from: number) =>
  ctx.database.db
    .update(tickets)
    .set({ paymentDeadline: new Date(Date.now() + from) })
    .where(eq(tickets.id, id));

/** A watcher run while Esplora answers 500. */
async function watchDuringOutage() {
  esplora.status = 500;
  try {
    await payingWatcher().watch('bitcoin');
  } finally {
    esplora.status = 200;
  }
}

/** A block time (Esplora's seconds) `seconds` before the ticket's deadline. */
const beforeDeadline = async (id: string, seconds: number) =>
  Math.floor((await rowOf(id)).paymentDeadline!.getTime() / 1000) - seconds;

/** As if `ms` went by for a ticket: it, its deadline and the payments seen for it are that much older. */
async function passTime(id: string, ms: number) {
  const by = sql`make_interval(secs => ${ms / 1000}::float8)`;
  await ctx.database.db
    .update(tickets)
    .set({ createdAt: sql`${tickets.createdAt} - ${by}`, paymentDeadline: sql`${tickets.paymentDeadline} - ${by}` })
    .where(eq(tickets.id, id));
  await ctx.database.db
    .update(ticketPayments)
    .set({ seenAt: sql`${ticketPayments.seenAt} - ${by}` })
    .where(eq(ticketPayments.ticketId, id));
}

describe('an unconfirmed payment past the deadline', () => {
  it('keeps no ticket open when it is below the direction’s minimum', async () => {
    const ticket = await ticketDue(30 * MINUTE);
    const before = await heldUsdt();
    // 1 000 sats, sent within the window: BTC's minimum here is 0.0005 (50 000 sats).
    esplora.txs.set(ticket.address, [payment('11'.repeat(32), ticket.address, 1_000, null)]);
    await payingWatcher().watch('bitcoin');
    await passTime(ticket.id, 31 * MINUTE);
    await expireDue();
    expect(await rowOf(ticket.id)).toMatchObject({ status: 'deleted', statusReason: 'payment_expired' });
    expect((await heldUsdt()).lt(before)).toBe(true);
  });

  it('keeps a ticket open when it is at least the minimum, for a day after the deadline and no longer', async () => {
    const ticket = await ticketDue(30 * MINUTE);
    esplora.txs.set(ticket.address, [payment('12'.repeat(32), ticket.address, 50_000, null)]);
    await payingWatcher().watch('bitcoin');
    await passTime(ticket.id, 30 * MINUTE + 23 * HOUR);
    await expireDue();
    expect((await rowOf(ticket.id)).status).toBe('advance');
    await passTime(ticket.id, HOUR + MINUTE);
    await expireDue();
    expect(await rowOf(ticket.id)).toMatchObject({ status: 'deleted', statusReason: 'payment_expired' });
    // Mined after that, it is a late payment: the client's choice, as any other.
    const outcome = await ctx.app.services.payments.recordIncomingPayment({
      ticketId: ticket.id,
      txid: '12'.repeat(32),
      amount: '0.0005',
      confirmations: 2,
      required: 2,
      seenAt: clock.now,
      gone: false,
    });
    expect(outcome).toBe('problem');
    expect(await rowOf(ticket.id)).toMatchObject({ status: 'payment_problem', paymentProblem: 'late' });
  });
});

describe('a payment made in time while the watcher was down', () => {
  it('keeps the ticket open while its source fails, and pays it when the source answers', async () => {
    const ticket = await ticketDue(30 * MINUTE);
    await watchDuringOutage();
    const [btc] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'BTC'));
    expect(btc!.watchError).toMatch(/bitcoin API: HTTP 500/);
    await setDeadline(ticket.id, -MINUTE);
    await expireDue();
    expect((await rowOf(ticket.id)).status).toBe('advance');
    // Mined 55 s before the deadline; seen, two blocks deep, once the source is back.
    const mined = await beforeDeadline(ticket.id, 55);
    esplora.txs.set(ticket.address, [payment('21'.repeat(32), ticket.address, ticket.sats, esplora.tip - 1, mined)]);
    await payingWatcher().watch('bitcoin');
    expect(await rowOf(ticket.id)).toMatchObject({ status: 'new', paymentProblem: null });
  });

  it('pays a ticket the job already closed, taking its reserve again, when its payment was mined in time', async () => {
    // The outage outlasted the wait: the job closed the ticket and its reserve went back.
    const ticket = await ticketDue(-3 * HOUR, 3 * HOUR + 10 * MINUTE);
    const before = await heldUsdt();
    await watchDuringOutage();
    await expireDue();
    expect(await rowOf(ticket.id)).toMatchObject({ status: 'deleted', statusReason: 'payment_expired' });
    const released = await heldUsdt();
    expect(released.lt(before)).toBe(true);
    const mined = await beforeDeadline(ticket.id, 55);
    esplora.txs.set(ticket.address, [payment('22'.repeat(32), ticket.address, ticket.sats, esplora.tip - 1, mined)]);
    await payingWatcher().watch('bitcoin');
    const row = await rowOf(ticket.id);
    expect(row).toMatchObject({ status: 'new', paymentProblem: null, statusReason: null, finishedAt: null });
    expect((await heldUsdt()).eq(released.plus(row.getSum))).toBe(true);
    const history = await ctx.database.db
      .select()
      .from(ticketHistory)
      .where(eq(ticketHistory.ticketId, ticket.id))
      .orderBy(asc(ticketHistory.createdAt));
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'advance'],
      ['advance', 'deleted'],
      ['deleted', 'new'],
    ]);
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, 'chain@example.com'));
    expect(mails.some((m) => m.kind === 'ticket_new' && m.text.includes(String(ticket.number)))).toBe(true);
  });

  it('makes it a payment problem with the client’s choice when its reserve was taken meanwhile', async () => {
    const ticket = await ticketDue(-3 * HOUR, 3 * HOUR + 10 * MINUTE);
    await expireDue();
    expect((await rowOf(ticket.id)).status).toBe('deleted');
    const [reserve] = await ctx.database.db.select().from(reserves).where(eq(reserves.currencyCode, 'USDTTRC20'));
    // Other exchanges took all that is free.
    await ctx.database.db
      .update(reserves)
      .set({ held: reserve!.balance })
      .where(eq(reserves.currencyCode, 'USDTTRC20'));
    try {
      const mined = await beforeDeadline(ticket.id, 55);
      esplora.txs.set(ticket.address, [payment('23'.repeat(32), ticket.address, ticket.sats, esplora.tip - 1, mined)]);
      await payingWatcher().watch('bitcoin');
      expect(await rowOf(ticket.id)).toMatchObject({ status: 'payment_problem', paymentProblem: 'reserve' });
      const shown = await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}`, headers: { 'accept-language': 'en' } });
      expect(shown.json()).toMatchObject({ status: 'payment_problem', paymentProblem: 'reserve' });
    } finally {
      await ctx.database.db.update(reserves).set({ held: reserve!.held }).where(eq(reserves.currencyCode, 'USDTTRC20'));
    }
  });
});

describe('a payment split in two', () => {
  it('pays the ticket when both halves confirm in one run', async () => {
    const ticket = await ticketDue(30 * MINUTE);
    const half = ticket.sats / 2;
    esplora.txs.set(ticket.address, [
      payment('31'.repeat(32), ticket.address, half, esplora.tip - 1),
      payment('32'.repeat(32), ticket.address, half, esplora.tip - 1),
    ]);
    await payingWatcher().watch('bitcoin');
    expect(await rowOf(ticket.id)).toMatchObject({ status: 'new', paymentProblem: null });
    expect(await receivedOf(ticket.id)).toBe(ticket.give.sum);
  });

  it('waits for the second half in a later run, and pays the ticket then', async () => {
    const ticket = await ticketDue(30 * MINUTE);
    const half = ticket.sats / 2;
    const first = payment('33'.repeat(32), ticket.address, half, esplora.tip - 1);
    esplora.txs.set(ticket.address, [first]);
    await payingWatcher().watch('bitcoin');
    expect((await rowOf(ticket.id)).status).toBe('advance');
    // Esplora lists the newest first: the second half comes before the first.
    esplora.txs.set(ticket.address, [payment('34'.repeat(32), ticket.address, half, esplora.tip - 1), first]);
    await payingWatcher().watch('bitcoin');
    expect(await rowOf(ticket.id)).toMatchObject({ status: 'new', paymentProblem: null });
  });

  it('judges what arrived by the deadline short only once the deadline passed', async () => {
    const ticket = await ticketDue(30 * MINUTE);
    esplora.txs.set(ticket.address, [payment('35'.repeat(32), ticket.address, ticket.sats / 2, esplora.tip - 1)]);
    await payingWatcher().watch('bitcoin');
    expect((await rowOf(ticket.id)).status).toBe('advance');
    await setDeadline(ticket.id, -MINUTE);
    await expireDue();
    expect(await rowOf(ticket.id)).toMatchObject({ status: 'payment_problem', paymentProblem: 'under' });
    expect(await receivedOf(ticket.id)).toBe(new Decimal(ticket.give.sum).div(2).toFixed(8));
  });

  it('on a ticket its client marked paid, waits for the rest too, and is judged at the deadline', async () => {
    const ticket = await ticketDue(30 * MINUTE);
    await ctx.app.services.tickets.transition(ticket.id, 'confirm', { actor: 'client' });
    esplora.txs.set(ticket.address, [payment('36'.repeat(32), ticket.address, ticket.sats / 2, esplora.tip - 1)]);
    await payingWatcher().watch('bitcoin');
    expect((await rowOf(ticket.id)).status).toBe('new');
    await setDeadline(ticket.id, -MINUTE);
    await expireDue();
    expect(await rowOf(ticket.id)).toMatchObject({ status: 'payment_problem', paymentProblem: 'under' });
  });
});
