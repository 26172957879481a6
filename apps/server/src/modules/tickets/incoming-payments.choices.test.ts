import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { auditOf, call } from '../../../test/admin';
import { BTC_ADDRESS, createTicket, TRON_ADDRESS, usdtToBtc } from '../../../test/tickets';
import { ticketHistory } from '../../db/schema';
import type { Shown } from './incoming-payments.kit';
import {
  TX,
  ctx,
  emailOf,
  held,
  historyOf,
  mailsTo,
  newTicket,
  passWindow,
  record,
  recordAtDeadline,
  roles,
  seen,
  txs,
  unique,
  usePaymentApp,
  view,
} from './incoming-payments.kit';

/** Issue 35: the client's way out of a payment problem, the operator's entered payments and payouts. */
usePaymentApp();

describe('payment problems: the client’s choices', () => {
  it('continue at the current rate for what arrived, holding the new amount, once the client saw it', async () => {
    const ticket = await newTicket();
    txs.n += 1;
    const amount = new Decimal(ticket.give.sum).minus(10).toFixed(2);
    await recordAtDeadline(ticket, amount);
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
    await passWindow(ticket.id);
    await ctx.app.services.tickets.transition(ticket.id, 'expire', { actor: 'system' });
    expect((await held('BTC')).eq(before.minus(ticket.get.sum))).toBe(true);
    txs.n += 1;
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
    txs.n += 1;
    await recordAtDeadline(ticket, '0.01');
    const quote = await ctx.app.inject({
      url: `/api/v1/Tickets/${ticket.id}/continue`,
      headers: { 'accept-language': 'en' },
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().parameterErrors).toEqual([{ name: 'sum', messages: ['Less than the minimum amount'] }]);
  });

  it('take a refund address up front only in the give currency’s own form, and none is needed', async () => {
    const withAddress = (refundAddress: string) =>
      createTicket(
        ctx,
        usdtToBtc('0.01', { requisites: { give: { refundAddress }, get: { walletAddress: BTC_ADDRESS } } }),
      );
    const wrong = await withAddress(BTC_ADDRESS);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().parameterErrors).toEqual([
      { name: 'requisites.give.refundAddress', messages: ['Неверное значение'] },
    ]);
    expect((await withAddress(TRON_ADDRESS)).statusCode).toBe(200);
    expect((await withAddress('')).statusCode).toBe(200);
  });

  it('refund an SBP payment only to a phone number, written as requisites are (issue 42)', () => {
    const refundTo = (address: string) =>
      ctx.app.services.payments.refundAddressOf({ giveCode: 'SBPRUB' }, address, 'address');
    expect(refundTo('+7 912 345-67-89')).toBe('+79123456789');
    expect(() => refundTo('верните на карту мамы')).toThrow();
    expect(() => refundTo('+7 912 345')).toThrow();
  });

  it('refund to a valid address only; the operator sends it and records the transaction, and the ticket ends', async () => {
    const ticket = await newTicket('0.01', {
      requisites: {
        give: { refundAddress: TRON_ADDRESS },
        get: { walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      },
    });
    txs.n += 1;
    await recordAtDeadline(ticket, '0.01');
    expect((await view(ticket.id)).refundAddress).toBe(TRON_ADDRESS);
    /** Where the console's queue shows the ticket: its status tab, and `open` while it needs hands. */
    const queued = async (status: string) =>
      (await call(ctx, 'GET', `/api/admin/tickets?status=${status}&q=${ticket.id}`, roles.operator))
        .json()
        .items.map((t: { status: string }) => t.status);
    expect(await queued('payment_problem')).toEqual(['payment_problem']);
    expect(await queued('open')).toEqual(['payment_problem']);

    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/Tickets/${ticket.id}/refund`,
      headers: { 'accept-language': 'en' },
      payload: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().parameterErrors).toEqual([{ name: 'address', messages: ['This is not a valid USDT address'] }]);
    // Issue 42: the right look with one character mistyped — the base58check sum catches it.
    const typo = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/Tickets/${ticket.id}/refund`,
      payload: { address: `${TRON_ADDRESS.slice(0, -1)}${TRON_ADDRESS.endsWith('H') ? 'J' : 'H'}` },
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().parameterErrors).toEqual([
      {
        name: 'address',
        messages: ['В адресе опечатка: не сходится контрольная сумма. Скопируйте адрес из кошелька ещё раз'],
      },
    ]);
    expect((await view(ticket.id)).status).toBe('payment_problem');

    const asked = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/Tickets/${ticket.id}/refund`,
      payload: { address: TRON_ADDRESS },
    });
    expect(asked.json()).toMatchObject({ status: 'refund_requested', refundAddress: TRON_ADDRESS });
    expect(await queued('refund_requested')).toEqual(['refund_requested']);
    expect(await queued('open')).toEqual(['refund_requested']);
    expect(await queued('payment_problem')).toEqual([]);

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
    expect(await queued('refunded')).toEqual(['refunded']);
    expect(await queued('open')).toEqual([]);
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
    txs.n += 1;
    await recordAtDeadline(ticket, '0.01');
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
    // Paid and backed, it takes no second entry: more likely the same transfer under another number.
    expect(res.json().canRecordPayment).toBe(false);
    const again = await call(ctx, 'POST', `/api/admin/tickets/${exact.id}/payment`, roles.operator, {
      amount: exact.give.sum,
      reference: 'bank-20261126-2',
    });
    expect(again.statusCode).toBe(409);
    // One the client marked paid, with nothing behind it yet, takes what the operator finds.
    const marked = await newTicket();
    await ctx.app.services.tickets.transition(marked.id, 'confirm', { actor: 'client' });
    expect((await call(ctx, 'GET', `/api/admin/tickets/${marked.id}`, roles.operator)).json().canRecordPayment).toBe(
      true,
    );
    const excess = await call(ctx, 'POST', `/api/admin/tickets/${marked.id}/payment`, roles.operator, {
      amount: new Decimal(marked.give.sum).times(2).toFixed(2),
      reference: 'bank-20261126-4',
    });
    expect(excess.json()).toMatchObject({
      canRecordPayment: false,
      ticket: { status: 'payment_problem', paymentProblem: 'over' },
    });

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
    // The client's mail carries the payout's transaction and its explorer page.
    const mail = (await mailsTo(await emailOf(ticket.id))).at(-1)!;
    expect(mail.kind).toBe('ticket_success');
    expect(mail.text).toContain(`Выплата: ${TX(4242)}\nhttps://mempool.space/tx/${TX(4242)}`);
  });
});
