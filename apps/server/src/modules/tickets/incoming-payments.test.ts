import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { auditOf, call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { BTC_ADDRESS, createTicket, TRON_ADDRESS, usdtToBtc } from '../../../test/tickets';
import { openPostgres } from '../../db/database';
import { outbox, reserves, ticketHistory, tickets } from '../../db/schema';
import type { IncomingPayment } from './incoming-payments.service';

/** Issue 35: what arrives for a ticket, counted once at its confirmations, and the client's way out of a problem. */
let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  ctx = await createTestApp();
  roles = await consoleRoles(ctx);
});
afterAll(() => ctx.close());

const TX = (n: number) => n.toString(16).padStart(64, 'a');
let nextTx = 1;
const unique = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@ex.com`;

interface Shown {
  id: string;
  number: number;
  status: string;
  give: { sum: string };
  get: { sum: string };
  payments: { txid: string; confirmations: number; required: number; gone: boolean; url: string | null }[];
  paymentProblem: string | null;
  received: string | null;
  refundAddress: string | null;
  refundTxid: string | null;
  refundTxidUrl: string | null;
}

const newTicket = async (getSum = '0.01', extra: Record<string, unknown> = {}) => {
  const res = await createTicket(ctx, usdtToBtc(getSum, { email: unique('pay'), ...extra }));
  expect(res.statusCode).toBe(200);
  return res.json() as Shown;
};
const seen = (ticket: Shown, amount: string, confirmations: number, more: Partial<IncomingPayment> = {}) => ({
  ticketId: ticket.id,
  txid: TX(nextTx),
  amount,
  confirmations,
  required: 20,
  seenAt: new Date(),
  gone: false,
  ...more,
});
const record = (obs: IncomingPayment) => ctx.app.services.payments.recordIncomingPayment(obs);
const view = async (id: string, lang = 'ru') =>
  (await ctx.app.inject({ url: `/api/v1/Tickets/${id}`, headers: { 'accept-language': lang } })).json() as Shown;
const held = async (code: string) =>
  new Decimal((await ctx.database.db.select().from(reserves).where(eq(reserves.currencyCode, code)))[0]!.held);
const historyOf = (id: string) =>
  ctx.database.db
    .select()
    .from(ticketHistory)
    .where(eq(ticketHistory.ticketId, id))
    .orderBy(asc(ticketHistory.createdAt));
const mailsTo = async (email: string) =>
  ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, email)).orderBy(asc(outbox.createdAt));
const emailOf = async (id: string) =>
  (await ctx.database.db.select({ email: tickets.email }).from(tickets).where(eq(tickets.id, id)))[0]!.email;

describe('a watched payment', () => {
  it('is only seen below its confirmations, and pays the ticket once when many watchers report it at once', async () => {
    const ticket = await newTicket();
    const btcHeld = await held('BTC');
    nextTx += 1;
    expect(await record(seen(ticket, ticket.give.sum, 3))).toBe('seen');
    // Seen again with another block: no second "payment seen" mail.
    expect(await record(seen(ticket, ticket.give.sum, 4))).toBe('seen');
    const seenOnly = await view(ticket.id);
    expect(seenOnly.status).toBe('advance');
    expect(seenOnly.payments).toMatchObject([
      {
        txid: TX(nextTx),
        confirmations: 4,
        required: 20,
        gone: false,
        url: `https://tronscan.org/#/transaction/${TX(nextTx)}`,
      },
    ]);

    const outcomes = await Promise.all(Array.from({ length: 6 }, () => record(seen(ticket, ticket.give.sum, 20))));
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'paid').every((o) => o === 'recorded')).toBe(true);

    const paid = await view(ticket.id);
    expect(paid).toMatchObject({ status: 'new', received: ticket.give.sum, paymentProblem: null });
    expect((await historyOf(ticket.id)).map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([
      [null, 'advance', 'client'],
      ['advance', 'new', 'system'],
    ]);
    const mails = await mailsTo(await emailOf(ticket.id));
    expect(mails.map((m) => m.kind)).toEqual(['ticket_advance', 'ticket_payment_seen', 'ticket_new']);
    expect(mails[1]!.subject).toBe(`Obmen: заявка № ${ticket.number} — платёж виден`);
    expect(mails[1]!.text).toContain(`мы видим ваш платёж ${ticket.give.sum.replace('.', ',')} USDT`);
    expect(mails[1]!.text).toContain('У него 3 из 20 подтверждений сети');
    expect(mails[2]!.text).toContain(`Входящая транзакция: ${TX(nextTx)}`);
    expect(await auditOf(ctx, 'tickets', ticket.id)).toMatchObject([
      { actorName: 'system', action: 'payment', after: { outcome: 'paid', txid: TX(nextTx) } },
    ]);
    // Paid, it still holds its bitcoin for the payout: nothing moved.
    expect((await held('BTC')).eq(btcHeld)).toBe(true);
  });

  it('keeps the ticket’s decimals of a chain amount, dropping the rest, and never lets the count go back', async () => {
    const ticket = await newTicket();
    nextTx += 1;
    await record(seen(ticket, `${ticket.give.sum}9999`, 5));
    expect(await record(seen(ticket, ticket.give.sum, 2))).toBe('seen');
    expect((await view(ticket.id)).payments).toMatchObject([{ amount: ticket.give.sum, confirmations: 5 }]);
    expect(await record(seen(ticket, `${ticket.give.sum}9999`, 20))).toBe('paid');
  });

  it.skipIf(!process.env.TEST_DATABASE_URL || process.env.TEST_DB !== 'postgres')(
    'pays the ticket once when two server processes (two pools, two catalogs) watch the same chain',
    async () => {
      const url = (ctx.database as { url?: string }).url!;
      const other = await createTestApp({ database: await openPostgres(url, 5) });
      try {
        const ticket = await newTicket();
        nextTx += 1;
        const obs = () => seen(ticket, ticket.give.sum, 20);
        const outcomes = await Promise.all([
          ...Array.from({ length: 4 }, () => record(obs())),
          ...Array.from({ length: 4 }, () => other.app.services.payments.recordIncomingPayment(obs())),
        ]);
        expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
        expect((await historyOf(ticket.id)).filter((h) => h.toStatus === 'new')).toHaveLength(1);
      } finally {
        await other.close();
        await other.database.close();
      }
    },
  );

  it('never counts a transaction that vanished before its confirmations', async () => {
    const ticket = await newTicket();
    nextTx += 1;
    await record(seen(ticket, ticket.give.sum, 1));
    expect(await record(seen(ticket, ticket.give.sum, 1, { gone: true }))).toBe('gone');
    expect(await record(seen(ticket, ticket.give.sum, 25))).toBe('gone');
    const shown = await view(ticket.id);
    expect(shown).toMatchObject({ status: 'advance', received: null });
    expect(shown.payments).toMatchObject([{ gone: true }]);
  });
});

describe('payment problems', () => {
  it('turn a short or an excess payment into a choice, and let go of the reserve meanwhile', async () => {
    for (const [delta, problem] of [
      ['-5', 'under'],
      ['7.5', 'over'],
    ] as const) {
      const before = await held('BTC');
      const ticket = await newTicket();
      nextTx += 1;
      const amount = new Decimal(ticket.give.sum).plus(delta).toFixed(2);
      expect(await record(seen(ticket, amount, 20))).toBe('problem');
      const shown = await view(ticket.id, 'en');
      expect(shown).toMatchObject({ status: 'payment_problem', paymentProblem: problem, received: amount });
      expect((await held('BTC')).eq(before)).toBe(true);
      const mails = await mailsTo(await emailOf(ticket.id));
      expect(mails.at(-1)).toMatchObject({ kind: 'ticket_payment_problem' });
      expect(mails.at(-1)!.text).toContain(problem === 'under' ? 'Получено меньше суммы заявки' : 'Получено больше');
    }
  });

  it('are mailed in the client’s language, with the transaction', async () => {
    const first = await createTicket(ctx, usdtToBtc('0.01', { email: unique('seen.en') }), { 'accept-language': 'en' });
    const shown = first.json() as Shown;
    nextTx += 1;
    await record(seen(shown, shown.give.sum, 1));
    const seenMail = (await mailsTo(await emailOf(shown.id))).at(-1)!;
    expect(seenMail).toMatchObject({ kind: 'ticket_payment_seen', lang: 'en' });
    expect(seenMail.subject).toBe(`Obmen: ticket No. ${shown.number} — payment seen`);
    expect(seenMail.text).toContain(`It has 1 of 20 network confirmations`);
    expect(seenMail.text).toContain(
      `Incoming transaction: ${TX(nextTx)}\nhttps://tronscan.org/#/transaction/${TX(nextTx)}`,
    );

    const res = await createTicket(ctx, usdtToBtc('0.01', { email: unique('english') }), { 'accept-language': 'en' });
    const ticket = res.json() as Shown;
    nextTx += 1;
    await record(seen(ticket, '100', 20));
    const mail = (await mailsTo(await emailOf(ticket.id))).at(-1)!;
    expect(mail).toMatchObject({ kind: 'ticket_payment_problem', lang: 'en' });
    expect(mail.subject).toBe(`Obmen: ticket No. ${ticket.number} — Payment problem`);
    expect(mail.text).toContain('Less than the ticket amount was received.');
    expect(mail.text).toContain('Received: 100.00 USDT.');
    expect(mail.text).toContain(
      `Incoming transaction: ${TX(nextTx)}\nhttps://tronscan.org/#/transaction/${TX(nextTx)}`,
    );
    expect(mail.text).toContain('continue at the current rate for the amount received, or get a refund');
  });

  it('call a payment after the window late, on an expired ticket or one the job has not closed yet', async () => {
    const expired = await newTicket();
    await ctx.app.services.tickets.transition(expired.id, 'expire', { actor: 'system' });
    nextTx += 1;
    expect(await record(seen(expired, expired.give.sum, 20))).toBe('problem');
    expect(await view(expired.id)).toMatchObject({ status: 'payment_problem', paymentProblem: 'late' });

    const overdue = await newTicket();
    nextTx += 1;
    const afterDeadline = new Date(Date.now() + 2 * 3600_000);
    expect(await record(seen(overdue, overdue.give.sum, 20, { seenAt: afterDeadline }))).toBe('problem');
    expect(await view(overdue.id)).toMatchObject({ status: 'payment_problem', paymentProblem: 'late' });
  });

  it('call a payment to a ticket cancelled by the client or an operator late, and let the client act on it', async () => {
    const byClient = await newTicket();
    const cancel = await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/cancel/${byClient.id}` });
    expect(cancel.json()).toMatchObject({ status: 'deleted' });
    nextTx += 1;
    // Sent within the window, but the client had cancelled: the sum is not owed, the choice is theirs.
    expect(await record(seen(byClient, byClient.give.sum, 20))).toBe('problem');
    expect(await view(byClient.id, 'en')).toMatchObject({
      status: 'payment_problem',
      paymentProblem: 'late',
      received: byClient.give.sum,
    });
    const quote = await ctx.app.inject({ url: `/api/v1/Tickets/${byClient.id}/continue` });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ giveSum: byClient.give.sum });
    expect((await historyOf(byClient.id)).map((h) => [h.toStatus, h.actor])).toEqual([
      ['advance', 'client'],
      ['deleted', 'client'],
      ['payment_problem', 'system'],
    ]);

    const byOperator = await newTicket();
    await ctx.app.services.tickets.transition(byOperator.id, 'cancel', { actor: 'operator:x', note: 'holds' });
    const entered = await call(ctx, 'POST', `/api/admin/tickets/${byOperator.id}/payment`, roles.operator, {
      amount: byOperator.give.sum,
      reference: 'bank 42',
    });
    expect(entered.statusCode).toBe(200);
    expect(entered.json().ticket).toMatchObject({ status: 'payment_problem', paymentProblem: 'late' });
  });

  it('wait for a payment seen in time however long it confirms, and pay the ticket then, not late', async () => {
    const ticket = await newTicket();
    nextTx += 1;
    const txid = TX(nextTx);
    // Seen two minutes ago, within the window, which then passes while the transaction waits for
    // its blocks: neither the job nor a read closes the ticket.
    expect(await record(seen(ticket, ticket.give.sum, 1, { txid, seenAt: new Date(Date.now() - 120_000) }))).toBe(
      'seen',
    );
    await ctx.database.db
      .update(tickets)
      .set({ paymentDeadline: new Date(Date.now() - 60_000) })
      .where(eq(tickets.id, ticket.id));
    await ctx.app.services.tickets.expireDue();
    expect((await view(ticket.id)).status).toBe('advance');
    const confirmedLater = new Date(Date.now() + 3600_000);
    expect(await record(seen(ticket, ticket.give.sum, 20, { txid, seenAt: confirmedLater }))).toBe('paid');
    expect(await view(ticket.id)).toMatchObject({ status: 'new', paymentProblem: null });
  });

  it('close a ticket whose only payment vanished once its window has passed', async () => {
    const ticket = await newTicket();
    nextTx += 1;
    const txid = TX(nextTx);
    expect(await record(seen(ticket, ticket.give.sum, 1, { txid }))).toBe('seen');
    expect(await record(seen(ticket, ticket.give.sum, 1, { txid, gone: true }))).toBe('gone');
    await ctx.database.db
      .update(tickets)
      .set({ paymentDeadline: new Date(Date.now() - 60_000) })
      .where(eq(tickets.id, ticket.id));
    expect(await view(ticket.id)).toMatchObject({ status: 'deleted' });
  });

  it('continue at the current rate for what arrived, holding the new amount, once the client saw it', async () => {
    const ticket = await newTicket();
    nextTx += 1;
    const amount = new Decimal(ticket.give.sum).minus(10).toFixed(2);
    await record(seen(ticket, amount, 20));
    const before = await held('BTC');

    const quote = await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}/continue` });
    expect(quote.statusCode).toBe(200);
    const offer = quote.json() as { giveSum: string; getSum: string; quoteToken: string };
    expect(offer.giveSum).toBe(amount);
    expect(new Decimal(offer.getSum).lt(ticket.get.sum)).toBe(true);

    const forged = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/Tickets/${ticket.id}/continue`,
      payload: { quoteToken: `${offer.quoteToken}x` },
    });
    expect(forged.statusCode).toBe(409);

    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/Tickets/${ticket.id}/continue`,
      payload: { quoteToken: offer.quoteToken },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'new', give: { sum: amount }, get: { sum: offer.getSum } });
    expect((await held('BTC')).minus(before).toFixed(8)).toBe(offer.getSum);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/Tickets/${ticket.id}/continue`,
      payload: { quoteToken: offer.quoteToken },
    });
    expect(again.statusCode).toBe(409);
  });

  it('take the reserve again for a ticket the window closed only when the client continues', async () => {
    const ticket = await newTicket();
    const before = await held('BTC');
    await ctx.app.services.tickets.transition(ticket.id, 'expire', { actor: 'system' });
    expect((await held('BTC')).eq(before.minus(ticket.get.sum))).toBe(true);
    nextTx += 1;
    await record(seen(ticket, ticket.give.sum, 20));
    // Paid late: still nothing held while the client decides.
    expect((await held('BTC')).eq(before.minus(ticket.get.sum))).toBe(true);
    const offer = (await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}/continue` })).json() as {
      getSum: string;
      quoteToken: string;
    };
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/Tickets/${ticket.id}/continue`,
      payload: { quoteToken: offer.quoteToken },
    });
    expect(accepted.json()).toMatchObject({ status: 'new', paymentProblem: 'late', expired: false });
    expect((await held('BTC')).eq(before.minus(ticket.get.sum).plus(offer.getSum))).toBe(true);
  });

  it('refuse to continue for an amount outside the direction’s limits, saying why', async () => {
    const ticket = await newTicket();
    nextTx += 1;
    await record(seen(ticket, '0.01', 20));
    const quote = await ctx.app.inject({
      url: `/api/v1/Tickets/${ticket.id}/continue`,
      headers: { 'accept-language': 'en' },
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().parameterErrors).toEqual([{ name: 'sum', messages: ['Less than the minimum amount'] }]);
  });

  it('refund to a valid address only; the operator sends it and records the transaction, and the ticket ends', async () => {
    const ticket = await newTicket('0.01', {
      requisites: {
        give: { refundAddress: TRON_ADDRESS },
        get: { walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      },
    });
    nextTx += 1;
    await record(seen(ticket, '0.01', 20));
    expect((await view(ticket.id)).refundAddress).toBe(TRON_ADDRESS);

    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/Tickets/${ticket.id}/refund`,
      headers: { 'accept-language': 'en' },
      payload: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().parameterErrors).toEqual([{ name: 'address', messages: ['This is not a valid USDT address'] }]);
    expect((await view(ticket.id)).status).toBe('payment_problem');

    const asked = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/Tickets/${ticket.id}/refund`,
      payload: { address: TRON_ADDRESS },
    });
    expect(asked.json()).toMatchObject({ status: 'refund_requested', refundAddress: TRON_ADDRESS });

    const withoutTx = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/refund`, roles.operator, {});
    expect(withoutTx.statusCode).toBe(400);
    const notAHash = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/refund`, roles.operator, {
      refundTxid: 'sent by hand',
    });
    expect(notAHash.statusCode).toBe(400);
    expect(notAHash.json().parameterErrors[0].messages[0]).toBe('Это не хеш транзакции сети USDT');
    const refundTx = TX(9999);
    const done = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/refund`, roles.operator, {
      refundTxid: refundTx,
    });
    expect(done.statusCode).toBe(200);
    expect(await view(ticket.id)).toMatchObject({
      status: 'refunded',
      refundTxid: refundTx,
      refundTxidUrl: `https://tronscan.org/#/transaction/${refundTx}`,
    });
    const mails = await mailsTo(await emailOf(ticket.id));
    expect(mails.map((m) => m.kind).slice(-3)).toEqual([
      'ticket_payment_problem',
      'ticket_refund_requested',
      'ticket_refunded',
    ]);
    expect(mails.at(-1)!.text).toContain(`Транзакция возврата: ${refundTx}`);
  });

  it('can be asked for by an operator for the client, to a valid address, audited, then sent as any refund', async () => {
    const ticket = await newTicket();
    nextTx += 1;
    await record(seen(ticket, '0.01', 20));
    const panel = await call(ctx, 'GET', `/api/admin/tickets/${ticket.id}`, roles.operator);
    expect(panel.json().actions).toEqual(['requestRefund']);

    const path = `/api/admin/tickets/${ticket.id}/requestRefund`;
    const missing = await call(ctx, 'POST', path, roles.operator, { note: 'asked by mail' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().parameterErrors[0]).toMatchObject({ name: 'refundAddress' });
    const wrongNetwork = await call(ctx, 'POST', path, roles.operator, { refundAddress: BTC_ADDRESS });
    expect(wrongNetwork.statusCode).toBe(400);
    expect(wrongNetwork.json().parameterErrors).toEqual([
      { name: 'refundAddress', messages: ['Адрес не подходит для USDT'] },
    ]);
    const english = await call(ctx, 'POST', `${path}?lang=en`, roles.operator, { refundAddress: BTC_ADDRESS });
    expect(english.json().parameterErrors[0].messages).toEqual(['This is not a valid USDT address']);
    expect((await view(ticket.id)).status).toBe('payment_problem');

    const asked = await call(ctx, 'POST', path, roles.operator, {
      refundAddress: ` ${TRON_ADDRESS} `,
      note: 'The client asked support by mail',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      ticket: { status: 'refund_requested', refundAddress: TRON_ADDRESS },
      actions: ['refund'],
    });
    expect((await historyOf(ticket.id)).at(-1)).toMatchObject({
      fromStatus: 'payment_problem',
      toStatus: 'refund_requested',
      actor: expect.stringMatching(/^operator:/),
    });
    expect((await auditOf(ctx, 'tickets', ticket.id)).find((a) => a.action === 'requestRefund')).toMatchObject({
      actorName: expect.any(String),
      before: { status: 'payment_problem' },
      after: { status: 'refund_requested', refundAddress: TRON_ADDRESS },
    });
    expect((await mailsTo(await emailOf(ticket.id))).at(-1)).toMatchObject({ kind: 'ticket_refund_requested' });
    // Asked once: a second request finds the ticket moved on.
    expect((await call(ctx, 'POST', path, roles.operator, { refundAddress: TRON_ADDRESS })).statusCode).toBe(409);

    const done = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/refund`, roles.operator, {
      refundTxid: TX(9998),
    });
    expect(done.json().ticket).toMatchObject({ status: 'refunded', refundTxid: TX(9998) });
  });
});

describe('a payment the operator enters', () => {
  it('goes through the same rules: exact pays the ticket, short makes a problem, the operator is audited', async () => {
    const exact = await newTicket();
    const res = await call(ctx, 'POST', `/api/admin/tickets/${exact.id}/payment`, roles.operator, {
      amount: exact.give.sum,
      reference: 'bank-20261126-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().ticket).toMatchObject({ status: 'new', payments: [{ txid: 'bank-20261126-1', url: null }] });
    expect((await auditOf(ctx, 'tickets', exact.id))[0]).toMatchObject({
      actorName: roles.operatorName,
      action: 'payment',
    });
    const again = await call(ctx, 'POST', `/api/admin/tickets/${exact.id}/payment`, roles.operator, {
      amount: exact.give.sum,
      reference: 'bank-20261126-2',
    });
    expect(again.statusCode).toBe(409);

    const short = await newTicket();
    const bad = await call(ctx, 'POST', `/api/admin/tickets/${short.id}/payment`, roles.operator, {
      amount: '12.345',
      reference: 'bank-x',
    });
    expect(bad.statusCode).toBe(400);
    const under = await call(ctx, 'POST', `/api/admin/tickets/${short.id}/payment`, roles.operator, {
      amount: '100',
      reference: 'bank-20261126-3',
    });
    expect(under.json().ticket).toMatchObject({ status: 'payment_problem', paymentProblem: 'under' });
    const rows = await ctx.database.db
      .select()
      .from(ticketHistory)
      .where(and(eq(ticketHistory.ticketId, short.id), eq(ticketHistory.toStatus, 'payment_problem')));
    expect(rows[0]!.actor).toMatch(/^operator:/);
  });
});

describe('completing a payout', () => {
  it('to a card keeps the reference optional', async () => {
    const res = await createTicket(ctx, {
      ...usdtToBtc('0', { email: unique('card') }),
      giveName: 'BTC',
      getName: 'SBERRUB',
      giveSum: '0.01',
      calcDirection: 'sell',
      requisites: { give: {}, get: { cardNumber: '2202 2000 0000 0008', fullName: 'Иван Петров' } },
    });
    const ticket = res.json() as Shown;
    await ctx.app.services.tickets.transition(ticket.id, 'markPaid', { actor: 'operator:test' });
    const done = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/complete`, roles.operator, {});
    expect(done.statusCode).toBe(200);
    expect(done.json().ticket).toMatchObject({ status: 'success', payoutReference: null });
  });

  it('of coins needs the payout transaction hash of the get currency’s network', async () => {
    const ticket = await newTicket();
    await ctx.app.services.tickets.transition(ticket.id, 'markPaid', { actor: 'operator:test' });
    const missing = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/complete`, roles.operator, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().parameterErrors).toEqual([
      { name: 'payoutReference', messages: ['Для выплаты в BTC укажите хеш транзакции выплаты'] },
    ]);
    const ok = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/complete`, roles.operator, {
      payoutReference: TX(4242),
    });
    expect(ok.statusCode).toBe(200);
    expect(await view(ticket.id)).toMatchObject({ status: 'success' });
  });
});
