import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { auditOf, call, consoleRoles } from '../../../test/admin';
import { BTC_ADDRESS, createTicket, TRON_ADDRESS } from '../../../test/tickets';
import { currencies, outbox, reserves, ticketHistory, ticketPayouts, tickets } from '../../db/schema';
import { clock, ctx, esplora, payingWatcher, payment, useEsploraApp } from '../chain/chain-watcher.kit';

// Issue 45: a payment problem settled at the ticket's original rate — the excess of an overpayment
// sent back while the exchange goes on, the rest of a short one paid in its window — beside today's
// "continue at today's rate" and "refund everything". Bitcoin is read from a local Esplora.

useEsploraApp({ payouts: true });

let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  roles = await consoleRoles(ctx);
  // Payouts of USDT go out by a provider: a ticket paid on evidence queues its payout (issue 44).
  await ctx.database.db.update(currencies).set({ payoutMode: 'binance' }).where(eq(currencies.code, 'USDTTRC20'));
  await ctx.app.services.catalog.changed();
});

const MINUTE = 60_000;
const SATS = 1_000_000; // the 0.01 BTC every ticket here gives
let n = 0;
const tx = (prefix: string) => `${prefix}${(n += 1).toString(16).padStart(64 - prefix.length, '0')}`;
const unique = () => `original.${Date.now().toString(36)}.${(n += 1)}@example.com`;

interface Shown {
  id: string;
  number: number;
  status: string;
  rate: string;
  give: { sum: string };
  get: { sum: string };
  paymentProblem: string | null;
  received: string | null;
  rest: string | null;
  paymentDeadline: string | null;
  paymentChoices: {
    payRest: { rest: string; deadline: string } | null;
    refundExcess: { excess: string; fee: string; refund: string } | null;
  } | null;
  excessRefund: { amount: string; fee: string; address: string; txid: string | null; txidUrl: string | null } | null;
  payout: string | null;
  payTo: { value: string }[] | null;
}

/** A ticket giving 0.01 BTC for USDT, its deposit address its own. */
async function btcTicket() {
  clock.now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const res = await createTicket(ctx, {
    giveName: 'BTC',
    getName: 'USDTTRC20',
    giveSum: '0.01',
    getSum: '0',
    calcDirection: 'sell',
    useFixed: false,
    email: unique(),
    requisites: { give: {}, get: { walletAddress: TRON_ADDRESS } },
    agreeAml: true,
    agreeRules: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  const shown = res.json<Shown>();
  return { ...shown, address: shown.payTo![0]!.value };
}

const view = async (id: string) => (await ctx.app.inject({ url: `/api/v1/Tickets/${id}` })).json<Shown>();
const rowOf = async (id: string) => (await ctx.database.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
const reserveOf = async (code: string) =>
  (await ctx.database.db.select().from(reserves).where(eq(reserves.currencyCode, code)))[0]!;
const heldUsdt = async () => new Decimal((await reserveOf('USDTTRC20')).held);
const payoutsOf = (id: string) => ctx.database.db.select().from(ticketPayouts).where(eq(ticketPayouts.ticketId, id));
const historyOf = (id: string) =>
  ctx.database.db
    .select()
    .from(ticketHistory)
    .where(eq(ticketHistory.ticketId, id))
    .orderBy(asc(ticketHistory.createdAt));
const mailsOf = async (id: string) =>
  ctx.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, (await rowOf(id)).email))
    .orderBy(asc(outbox.createdAt));

/** Transfers of `sats` each to the ticket's address, in a new block now two deep, and one watcher run that counts them. */
async function paid(ticket: { address: string }, ...amounts: number[]) {
  esplora.tip += 1;
  const known = esplora.txs.get(ticket.address) ?? [];
  esplora.txs.set(ticket.address, [
    ...known,
    ...amounts.map((sats) => payment(tx('b'), ticket.address, sats, esplora.tip - 1)),
  ]);
  await payingWatcher().watch('bitcoin');
}

/** What an operator who found a transfer enters: judged at once, whatever the window. */
const entered = (id: string, amount: string) =>
  call(ctx, 'POST', `/api/admin/tickets/${id}/payment`, roles.operator, { amount, reference: tx('e') });

const post = (id: string, choice: string, payload: object, lang = 'ru') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/Tickets/${id}/${choice}`,
    payload,
    headers: { 'accept-language': lang },
  });

const setRefundFee = (fee: string) => call(ctx, 'PATCH', '/api/admin/currencies/BTC', roles.admin, { refundFee: fee });

describe('an excess, refunded while the exchange goes on at its first quote', () => {
  it('a 1.2× payment offers three choices; "refund the excess" completes the ticket at the first quote and records a refund of the 0.2× with its txid', async () => {
    expect((await setRefundFee('0.00003')).json()).toMatchObject({ code: 'BTC', refundFee: '0.00003' });
    const ticket = await btcTicket();
    const heldWithTicket = await heldUsdt();
    const btcBalance = new Decimal((await reserveOf('BTC')).balance);

    await paid(ticket, 1.2 * SATS);
    const problem = await view(ticket.id);
    expect(problem).toMatchObject({
      status: 'payment_problem',
      paymentProblem: 'over',
      received: '0.01200000',
      paymentChoices: {
        payRest: null,
        refundExcess: { excess: '0.00200000', fee: '0.00003000', refund: '0.00197000' },
      },
    });
    expect((await heldUsdt()).eq(heldWithTicket.minus(ticket.get.sum))).toBe(true);
    // The other two: today's fixed rate for all that arrived, and a refund of everything.
    const quote = await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}/continue` });
    expect(quote.statusCode).toBe(200);
    const offer = quote.json<{ rate: string; floatingRate: string; fixedExtraPercent: string; validSeconds: number }>();
    expect(offer.fixedExtraPercent).toBe('0.5');
    // The fixed rate is the floating one less what fixing it costs.
    expect(new Decimal(offer.rate).lt(offer.floatingRate)).toBe(true);
    expect(offer.validSeconds).toBeGreaterThan(0);
    expect(offer.validSeconds).toBeLessThanOrEqual(30);

    // The refund goes to an address of the give currency's network only.
    const wrong = await post(ticket.id, 'refund-excess', { address: TRON_ADDRESS, refund: '0.00197' }, 'en');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().parameterErrors).toEqual([{ name: 'address', messages: ['This is not a valid BTC address'] }]);
    // Another figure than what goes back: the client is shown it again first.
    const stale = await post(ticket.id, 'refund-excess', { address: BTC_ADDRESS, refund: '0.002' }, 'en');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('choice_figures_changed');

    const taken = await post(ticket.id, 'refund-excess', { address: BTC_ADDRESS, refund: '0.00197' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({
      status: 'new',
      rate: ticket.rate,
      give: { sum: ticket.give.sum },
      get: { sum: ticket.get.sum },
      paymentChoices: null,
      excessRefund: { amount: '0.00197000', fee: '0.00003000', address: BTC_ADDRESS, txid: null, txidUrl: null },
      payout: 'sending',
    });
    // A paid ticket: its get amount held hard again, its payout queued in the same transaction.
    expect((await heldUsdt()).eq(heldWithTicket)).toBe(true);
    expect(await rowOf(ticket.id)).toMatchObject({ hold: 'paid', excessRefund: '0.001970000000000000' });
    expect(await payoutsOf(ticket.id)).toEqual([
      expect.objectContaining({ state: 'queued', amount: new Decimal(ticket.get.sum).toFixed(18) }),
    ]);
    expect((await historyOf(ticket.id)).map((h) => `${h.fromStatus}>${h.toStatus}:${h.actor}`).slice(-2)).toEqual([
      'advance>payment_problem:system',
      'payment_problem>new:client',
    ]);
    expect((await mailsOf(ticket.id)).at(-1)!.text).toContain(
      `Излишек возвращаем: 0,00197 BTC (за вычетом комиссии сети 0,00003 BTC) на ${BTC_ADDRESS}.`,
    );
    // Taken once: the second choice finds the ticket moved on.
    expect((await post(ticket.id, 'refund', { address: BTC_ADDRESS })).statusCode).toBe(409);

    // The console lists what is owed until its transaction is recorded.
    const owed = async () =>
      (await call(ctx, 'GET', `/api/admin/tickets?status=excess_refund&q=${ticket.id}`, roles.operator)).json<{
        items: { excessRefundOwed: string | null }[];
        excessRefundsOwed: number;
      }>();
    expect(await owed()).toMatchObject({ items: [{ excessRefundOwed: '0.00197000' }], excessRefundsOwed: 1 });
    const path = `/api/admin/tickets/${ticket.id}/excess-refund`;
    const notAHash = await call(ctx, 'POST', path, roles.operator, { refundTxid: 'sent by hand' });
    expect(notAHash.statusCode).toBe(400);
    expect(notAHash.json().parameterErrors).toEqual([
      { name: 'refundTxid', messages: ['Это не хеш транзакции сети BTC'] },
    ]);
    const refundTx = tx('c');
    const sent = await call(ctx, 'POST', path, roles.operator, { refundTxid: refundTx });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().ticket.excessRefund).toMatchObject({
      txid: refundTx,
      txidUrl: `https://mempool.space/tx/${refundTx}`,
    });
    expect((await call(ctx, 'POST', path, roles.operator, { refundTxid: refundTx })).statusCode).toBe(409);
    expect(await owed()).toMatchObject({ items: [], excessRefundsOwed: 0 });
    expect((await auditOf(ctx, 'tickets', ticket.id)).find((a) => a.action === 'excessRefund')).toMatchObject({
      actorName: roles.operatorName,
      after: { excessRefundTxid: refundTx },
    });
    const mail = (await mailsOf(ticket.id)).at(-1)!;
    expect(mail.kind).toBe('ticket_excess_refund');
    expect(mail.text).toContain(`Транзакция возврата: ${refundTx}\nhttps://mempool.space/tx/${refundTx}`);
    expect((await view(ticket.id)).excessRefund).toMatchObject({ txid: refundTx });

    // The exchange completes at its first quote: the balance takes the ticket's sum, the excess went back.
    const done = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/complete`, roles.operator, {
      payoutReference: tx('d'),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await view(ticket.id)).toMatchObject({ status: 'success', give: { sum: ticket.give.sum } });
    expect(new Decimal((await reserveOf('BTC')).balance).minus(btcBalance).toFixed()).toBe('0.01');
  });

  it('is not offered when the fee is not set or would leave nothing of the excess, nor for a late payment', async () => {
    await setRefundFee('0');
    const ticket = await btcTicket();
    await entered(ticket.id, '0.01001');
    expect((await view(ticket.id)).paymentChoices).toEqual({
      payRest: null,
      refundExcess: { excess: '0.00001000', fee: '0.00000000', refund: '0.00001000' },
    });
    expect((await setRefundFee('0.00002')).statusCode).toBe(200);
    expect((await view(ticket.id)).paymentChoices).toEqual({ payRest: null, refundExcess: null });
    const refused = await post(ticket.id, 'refund-excess', { address: BTC_ADDRESS, refund: '0.00001' }, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'choice_unavailable',
      message: 'This choice is not available for the ticket',
    });
    // Exactly the excess: nothing would go back, so it is not offered either.
    await setRefundFee('0.00001');
    expect((await view(ticket.id)).paymentChoices!.refundExcess).toBeNull();
    // Not set: no fee can be stated before the client chooses.
    expect((await setRefundFee('')).json().refundFee).toBeNull();
    expect((await view(ticket.id)).paymentChoices!.refundExcess).toBeNull();

    await setRefundFee('0.00003');
    const late = await btcTicket();
    await ctx.database.db
      .update(tickets)
      .set({ paymentDeadline: new Date(Date.now() - MINUTE) })
      .where(eq(tickets.id, late.id));
    await entered(late.id, '0.012');
    expect(await view(late.id)).toMatchObject({
      paymentProblem: 'late',
      paymentChoices: { payRest: null, refundExcess: null },
    });
    expect((await post(late.id, 'refund-excess', { address: BTC_ADDRESS, refund: '0.00197' })).statusCode).toBe(409);
  });
});

describe('a short payment, the rest paid within the window', () => {
  it('a 0.8× payment topped up within the window becomes paid with no new quote', async () => {
    const ticket = await btcTicket();
    await paid(ticket, 0.8 * SATS);
    // The watcher's path (issue 42): the ticket waits for the rest while its window is open, and says how much.
    expect(await view(ticket.id)).toMatchObject({
      status: 'advance',
      received: '0.00800000',
      rest: '0.00200000',
      paymentChoices: null,
    });
    await paid(ticket, 0.2 * SATS);
    expect(await view(ticket.id)).toMatchObject({
      status: 'new',
      paymentProblem: null,
      received: '0.01000000',
      rest: null,
      rate: ticket.rate,
      give: { sum: ticket.give.sum },
      get: { sum: ticket.get.sum },
      payout: 'sending',
    });
    expect(await payoutsOf(ticket.id)).toHaveLength(1);
  });

  it('chosen on a short payment entered by an operator: the ticket awaits the rest again, and the rest pays it', async () => {
    const ticket = await btcTicket();
    const heldWithTicket = await heldUsdt();
    await entered(ticket.id, '0.008');
    const problem = await view(ticket.id);
    expect(problem).toMatchObject({
      status: 'payment_problem',
      paymentProblem: 'under',
      rest: null,
      paymentChoices: { payRest: { rest: '0.00200000' }, refundExcess: null },
    });
    const deadline = (await rowOf(ticket.id)).paymentDeadline!;
    expect(problem.paymentChoices!.payRest!.deadline).toBe(deadline.toISOString());

    // Not for this problem, and not for another figure than the rest.
    const wrongChoice = await post(ticket.id, 'refund-excess', { address: BTC_ADDRESS, refund: '0.001' });
    expect(wrongChoice.json().error.code).toBe('choice_unavailable');
    expect((await post(ticket.id, 'pay-rest', { rest: '0.001' })).json().error.code).toBe('choice_figures_changed');

    const taken = await post(ticket.id, 'pay-rest', { rest: '0.002' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({
      status: 'advance',
      rest: '0.00200000',
      paymentDeadline: deadline.toISOString(),
      payTo: [{ value: ticket.address }],
    });
    // Awaiting payment again, it holds its get amount as an unpaid ticket does.
    expect((await heldUsdt()).eq(heldWithTicket)).toBe(true);
    expect((await rowOf(ticket.id)).hold).toBe('unpaid');
    const mail = (await mailsOf(ticket.id)).at(-1)!;
    expect(mail.kind).toBe('ticket_advance');
    expect(mail.text).toContain('Доплатите остаток, 0,002 BTC, на тот же адрес до');

    await paid(ticket, 0.2 * SATS);
    expect(await view(ticket.id)).toMatchObject({
      status: 'new',
      rate: ticket.rate,
      give: { sum: ticket.give.sum },
      get: { sum: ticket.get.sum },
      received: '0.01000000',
    });
    expect(await payoutsOf(ticket.id)).toHaveLength(1);
  });

  it('is gone once the deadline passed: today’s rate or a refund remain', async () => {
    const ticket = await btcTicket();
    await entered(ticket.id, '0.008');
    expect((await view(ticket.id)).paymentChoices!.payRest).not.toBeNull();
    await ctx.database.db
      .update(tickets)
      .set({ paymentDeadline: new Date(Date.now() - 1000) })
      .where(eq(tickets.id, ticket.id));
    expect((await view(ticket.id)).paymentChoices).toEqual({ payRest: null, refundExcess: null });
    const refused = await post(ticket.id, 'pay-rest', { rest: '0.002' }, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'payment_expired', message: 'Payment time expired' });
    expect((await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}/continue` })).statusCode).toBe(200);
    expect((await post(ticket.id, 'refund', { address: BTC_ADDRESS })).statusCode).toBe(200);
  });
});

describe('two choices at once', () => {
  it('one wins: the ticket, its reserve and its payout follow that one only', async () => {
    const ticket = await btcTicket();
    const heldWithTicket = await heldUsdt();
    await paid(ticket, 1.2 * SATS);
    const quote = (await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}/continue` })).json<{
      quoteToken: string;
      getSum: string;
    }>();
    const answers = await Promise.all([
      post(ticket.id, 'refund-excess', { address: BTC_ADDRESS, refund: '0.00197' }),
      post(ticket.id, 'continue', { quoteToken: quote.quoteToken }),
      post(ticket.id, 'refund', { address: BTC_ADDRESS }),
      post(ticket.id, 'refund-excess', { address: BTC_ADDRESS, refund: '0.00197' }),
    ]);
    const codes = answers.map((a) => a.statusCode);
    expect(
      codes.filter((c) => c === 200),
      codes.join(),
    ).toHaveLength(1);
    expect(
      codes.filter((c) => c === 409),
      codes.join(),
    ).toHaveLength(3);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    const row = await rowOf(ticket.id);
    const held = await heldUsdt();
    const base = heldWithTicket.minus(ticket.get.sum);
    if (winner === 1) {
      expect(row).toMatchObject({ status: 'new', excessRefund: null, giveSum: '0.012000000000000000' });
      expect(held.eq(base.plus(quote.getSum))).toBe(true);
    } else if (winner === 2) {
      expect(row).toMatchObject({ status: 'refund_requested', excessRefund: null });
      expect(held.eq(base)).toBe(true);
    } else {
      expect(row).toMatchObject({ status: 'new', excessRefund: '0.001970000000000000' });
      expect(held.eq(heldWithTicket)).toBe(true);
    }
    expect(await payoutsOf(ticket.id)).toHaveLength(winner === 2 ? 0 : 1);
  });

  it('paying the rest and a refund at once: one wins', async () => {
    const ticket = await btcTicket();
    const heldWithTicket = await heldUsdt();
    await entered(ticket.id, '0.008');
    const answers = await Promise.all([
      post(ticket.id, 'pay-rest', { rest: '0.002' }),
      post(ticket.id, 'refund', { address: BTC_ADDRESS }),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const status = (await rowOf(ticket.id)).status;
    expect(['advance', 'refund_requested']).toContain(status);
    expect((await heldUsdt()).eq(status === 'advance' ? heldWithTicket : heldWithTicket.minus(ticket.get.sum))).toBe(
      true,
    );
  });
});
