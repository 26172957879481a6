import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { auditOf, call } from '../../../test/admin';
import { createTestApp } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { openPostgres } from '../../db/database';
import { tickets } from '../../db/schema';
import type { Shown } from './incoming-payments.kit';
import type { PaymentReporter } from './incoming-payments.service';
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

/** Issue 35: what arrives for a ticket, counted once at its confirmations, and the client's way out of a problem. */
usePaymentApp();

describe('a watched payment', () => {
  it('is only seen below its confirmations, and pays the ticket once when many watchers report it at once', async () => {
    const ticket = await newTicket();
    const btcHeld = await held('BTC');
    txs.n += 1;
    expect(await record(seen(ticket, ticket.give.sum, 3))).toBe('seen');
    // Seen again with another block: no second "payment seen" mail.
    expect(await record(seen(ticket, ticket.give.sum, 4))).toBe('seen');
    const seenOnly = await view(ticket.id);
    expect(seenOnly.status).toBe('advance');
    expect(seenOnly.payments).toMatchObject([
      {
        txid: TX(txs.n),
        confirmations: 4,
        required: 20,
        gone: false,
        url: `https://tronscan.org/#/transaction/${TX(txs.n)}`,
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
    expect(mails[2]!.text).toContain(`Входящая транзакция: ${TX(txs.n)}`);
    expect(await auditOf(ctx, 'tickets', ticket.id)).toMatchObject([
      { actorName: 'system', action: 'payment', after: { outcome: 'paid', txid: TX(txs.n) } },
    ]);
    // Paid, it still holds its bitcoin for the payout: nothing moved.
    expect((await held('BTC')).eq(btcHeld)).toBe(true);
  });

  it('keeps the ticket’s decimals of a chain amount, dropping the rest, and never lets the count go back', async () => {
    const ticket = await newTicket();
    txs.n += 1;
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
        txs.n += 1;
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

  it('does not count a transaction that vanished before its confirmations, until it is mined again', async () => {
    const ticket = await newTicket();
    txs.n += 1;
    await record(seen(ticket, ticket.give.sum, 19));
    expect(await record(seen(ticket, ticket.give.sum, 19, { gone: true }))).toBe('gone');
    expect(await record(seen(ticket, ticket.give.sum, 19, { gone: true }))).toBe('gone');
    const shown = await view(ticket.id);
    expect(shown).toMatchObject({ status: 'advance', received: null });
    expect(shown.payments).toMatchObject([{ gone: true }]);
    // Back in a block after the reorganisation: its confirmations count from the new block, not the old 19.
    expect(await record(seen(ticket, ticket.give.sum, 1))).toBe('seen');
    expect((await view(ticket.id)).payments).toMatchObject([{ gone: false, confirmations: 1 }]);
    expect(await record(seen(ticket, ticket.give.sum, 20))).toBe('paid');
    expect(await view(ticket.id)).toMatchObject({ status: 'new', received: ticket.give.sum });
    // One row and one "payment seen" mail for the transaction, however often it came and went.
    expect((await view(ticket.id)).payments).toHaveLength(1);
    const kinds = (await mailsTo(await emailOf(ticket.id))).map((m) => m.kind);
    expect(kinds.filter((kind) => kind === 'ticket_payment_seen')).toHaveLength(1);
  });

  it('checks a transfer that arrives after the client marked the ticket paid: its amount, and on the chain its time', async () => {
    const operator: PaymentReporter = { source: 'operator', actor: { id: null, name: 'operator' } };
    // A day after the window: the chain's date is the payment's own, an operator's entry only theirs.
    const later = new Date(Date.now() + 86_400_000);
    for (const [delta, reporter, outcome, status, problem] of [
      ['0', operator, 'recorded', 'new', null],
      ['-5', operator, 'problem', 'payment_problem', 'under'],
      ['0', undefined, 'problem', 'payment_problem', 'late'],
    ] as const) {
      const before = await held('BTC');
      const ticket = await newTicket();
      await ctx.app.services.tickets.transition(ticket.id, 'confirm', { actor: 'client' });
      txs.n += 1;
      const amount = new Decimal(ticket.give.sum).plus(delta).toFixed(2);
      expect(
        await ctx.app.services.payments.recordIncomingPayment(seen(ticket, amount, 20, { seenAt: later }), reporter),
      ).toBe(outcome);
      expect(await view(ticket.id)).toMatchObject({ status, received: amount, paymentProblem: problem });
      // A problem lets go of the payout it held; a transfer that bears the client out keeps it.
      expect((await held('BTC')).eq(before)).toBe(status === 'payment_problem');
    }
  });

  it('only records a further transfer to a ticket its payments already back: the payout goes on', async () => {
    const ticket = await newTicket();
    txs.n += 1;
    expect(await record(seen(ticket, ticket.give.sum, 20))).toBe('paid');
    const paidHeld = await held('BTC');
    txs.n += 1;
    expect(await record(seen(ticket, ticket.give.sum, 20))).toBe('recorded');
    const shown = await view(ticket.id);
    const doubled = new Decimal(ticket.give.sum).times(2).toFixed(2);
    expect(shown).toMatchObject({ status: 'new', paymentProblem: null, received: doubled });
    expect(shown.payments).toHaveLength(2);
    expect((await held('BTC')).eq(paidHeld)).toBe(true);
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
      txs.n += 1;
      const amount = new Decimal(ticket.give.sum).plus(delta).toFixed(2);
      expect(await recordAtDeadline(ticket, amount)).toBe('problem');
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
    txs.n += 1;
    await record(seen(shown, shown.give.sum, 1));
    const seenMail = (await mailsTo(await emailOf(shown.id))).at(-1)!;
    expect(seenMail).toMatchObject({ kind: 'ticket_payment_seen', lang: 'en' });
    expect(seenMail.subject).toBe(`Obmen: ticket No. ${shown.number} — payment seen`);
    expect(seenMail.text).toContain(`It has 1 of 20 network confirmations`);
    expect(seenMail.text).toContain(
      `Incoming transaction: ${TX(txs.n)}\nhttps://tronscan.org/#/transaction/${TX(txs.n)}`,
    );

    const res = await createTicket(ctx, usdtToBtc('0.01', { email: unique('english') }), { 'accept-language': 'en' });
    const ticket = res.json() as Shown;
    txs.n += 1;
    await recordAtDeadline(ticket, '100');
    const mail = (await mailsTo(await emailOf(ticket.id))).at(-1)!;
    expect(mail).toMatchObject({ kind: 'ticket_payment_problem', lang: 'en' });
    expect(mail.subject).toBe(`Obmen: ticket No. ${ticket.number} — Payment problem`);
    expect(mail.text).toContain('Less than the ticket amount was received.');
    expect(mail.text).toContain('Received: 100.00 USDT.');
    expect(mail.text).toContain(`Incoming transaction: ${TX(txs.n)}\nhttps://tronscan.org/#/transaction/${TX(txs.n)}`);
    expect(mail.text).toContain('Open the ticket and choose what to do: the amounts of each choice are there.');
  });

  it('call a payment after the window late, on an expired ticket or one the job has not closed yet', async () => {
    const expired = await newTicket();
    await passWindow(expired.id);
    await ctx.app.services.tickets.transition(expired.id, 'expire', { actor: 'system' });
    txs.n += 1;
    expect(await record(seen(expired, expired.give.sum, 20))).toBe('problem');
    expect(await view(expired.id)).toMatchObject({ status: 'payment_problem', paymentProblem: 'late' });

    const overdue = await newTicket();
    txs.n += 1;
    const afterDeadline = new Date(Date.now() + 2 * 3600_000);
    expect(await record(seen(overdue, overdue.give.sum, 20, { seenAt: afterDeadline }))).toBe('problem');
    expect(await view(overdue.id)).toMatchObject({ status: 'payment_problem', paymentProblem: 'late' });
  });

  it('call a payment to a ticket cancelled by the client or an operator late, and let the client act on it', async () => {
    const byClient = await newTicket();
    const cancel = await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/cancel/${byClient.id}` });
    expect(cancel.json()).toMatchObject({ status: 'deleted' });
    txs.n += 1;
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
    txs.n += 1;
    const txid = TX(txs.n);
    // Made ten minutes ago, paid two minutes ago within the window, which then passes while the
    // transaction waits for its blocks: neither the job nor a read closes the ticket.
    await ctx.database.db
      .update(tickets)
      .set({ createdAt: new Date(Date.now() - 600_000) })
      .where(eq(tickets.id, ticket.id));
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
    txs.n += 1;
    const txid = TX(txs.n);
    expect(await record(seen(ticket, ticket.give.sum, 1, { txid }))).toBe('seen');
    expect(await record(seen(ticket, ticket.give.sum, 1, { txid, gone: true }))).toBe('gone');
    await ctx.database.db
      .update(tickets)
      .set({ paymentDeadline: new Date(Date.now() - 60_000) })
      .where(eq(tickets.id, ticket.id));
    expect(await view(ticket.id)).toMatchObject({ status: 'deleted' });
  });
});
