import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal, type TicketStatus } from '@obmen/shared';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, sberToBtc, usdtToBtc, withQuotedSums } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { outbox, promoCodes, reserves, ticketHistory, tickets, users } from '../../db/schema';
import type { TicketAction } from './ticket-lifecycle';

/** The lifecycle of design §5: every transition moves the holds, writes history and mails the client once. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ paymentWindowOverrides: new Map([['LTC>TON', 20]]) });
});
afterAll(() => ctx.close());

const reserve = async (code: string) =>
  (await ctx.database.db.select().from(reserves).where(eq(reserves.currencyCode, code)))[0]!;
const history = (id: string) =>
  ctx.database.db
    .select()
    .from(ticketHistory)
    .where(eq(ticketHistory.ticketId, id))
    .orderBy(asc(ticketHistory.createdAt));
const mailsAbout = async (number: number) =>
  (await ctx.database.db.select().from(outbox).orderBy(asc(outbox.createdAt))).filter((m) =>
    m.subject.includes(`№ ${number}`),
  );
const act = (id: string, action: TicketAction, note?: string) =>
  ctx.app.services.tickets.transition(id, action, { actor: 'operator:test', note: note ?? null });

describe('the ticket lifecycle', () => {
  it('walks advance → new → frozen → new → success, moving the reserves once at the end', async () => {
    const btc = await reserve('BTC');
    const usdt = await reserve('USDTTRC20');
    const ticket = (await createTicket(ctx, usdtToBtc('0.02', { email: 'walk@example.com' }))).json();
    await ctx.app.inject({ url: `/api/v1/Tickets/confirm/${ticket.id}` });
    await act(ticket.id, 'freeze', 'Проверка AML');
    const frozen = (await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}` })).json();
    expect(frozen).toMatchObject({ status: 'frozen', reason: 'Проверка AML' });
    await act(ticket.id, 'release');
    await ctx.app.services.tickets.transition(ticket.id, 'complete', {
      actor: 'operator:test',
      payoutReference: 'txid-4f2a',
    });

    const done = (await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}` })).json();
    expect(done).toMatchObject({ status: 'success', payoutReference: 'txid-4f2a', payTo: null });
    expect(done.history.map((h: { status: TicketStatus }) => h.status)).toEqual([
      'advance',
      'new',
      'frozen',
      'new',
      'success',
    ]);
    const rows = await history(ticket.id);
    expect(rows.map((r) => [r.fromStatus, r.toStatus, r.actor])).toEqual([
      [null, 'advance', 'client'],
      ['advance', 'new', 'client'],
      ['new', 'frozen', 'operator:test'],
      ['frozen', 'new', 'operator:test'],
      ['new', 'success', 'operator:test'],
    ]);
    // The bitcoin left the reserve (held and balance), the tether came in.
    const btcAfter = await reserve('BTC');
    expect(new Decimal(btcAfter.held).eq(btc.held)).toBe(true);
    expect(new Decimal(btc.balance).minus(btcAfter.balance).toFixed(8)).toBe('0.02000000');
    expect(new Decimal((await reserve('USDTTRC20')).balance).minus(usdt.balance).toFixed(2)).toBe(done.give.sum);
    // One mail per status, each in Russian, the language the ticket was made in.
    const mails = await mailsAbout(ticket.number);
    expect(mails.map((m) => m.kind)).toEqual([
      'ticket_advance',
      'ticket_new',
      'ticket_frozen',
      'ticket_new',
      'ticket_success',
    ]);
    expect(mails.every((m) => m.toAddress === 'walk@example.com' && m.lang === 'ru')).toBe(true);
    expect(mails[2]!.text).toContain('Причина: Проверка AML');
  });

  it('mails an English client in English, with the link to the ticket page', async () => {
    const ticket = (
      await createTicket(ctx, usdtToBtc('0.01', { email: 'english@example.com' }), { 'accept-language': 'en' })
    ).json();
    await act(ticket.id, 'markPaid');
    await act(ticket.id, 'fail', 'Funds not received');
    const mails = await mailsAbout(ticket.number);
    expect(mails.map((m) => m.subject)).toEqual([]);
    const english = (await ctx.database.db.select().from(outbox).orderBy(asc(outbox.createdAt))).filter((m) =>
      m.subject.includes(`No. ${ticket.number}`),
    );
    expect(english.map((m) => m.subject)).toEqual([
      `Obmen: ticket No. ${ticket.number} — Awaiting payment`,
      `Obmen: ticket No. ${ticket.number} — In progress`,
      `Obmen: ticket No. ${ticket.number} — Error`,
    ]);
    expect(english[0]!.text).toContain(`http://localhost:8080/en/ticket/${ticket.id}`);
    expect(english[2]!.text).toContain('Contact support with the ticket number and the transfer details');
  });

  it('mails what BestChange asks: sums, rate, where to pay and where the client receives (a card masked); the refund note', async () => {
    const card = (
      await createTicket(ctx, {
        ...usdtToBtc('0', { email: 'card-out@example.com' }),
        giveName: 'BTC',
        getName: 'SBERRUB',
        giveSum: '0.01',
        calcDirection: 'sell',
        requisites: { give: {}, get: { cardNumber: '2202 2000 0000 0008', fullName: 'Иван Петров' } },
      })
    ).json();
    expect(card.status).toBe('advance');
    const [created] = await mailsAbout(card.number);
    expect(created!.text).toMatch(/Вы отдаёте 0,01 BTC, получаете [\d\u00a0]+,\d\d RUB\./);
    expect(created!.text).toMatch(/Курс: 1 BTC = [\d\u00a0]+,\d+ RUB\./);
    expect(created!.text).toContain('Куда платить:\nАдрес кошелька: bc1q');
    expect(created!.text).toContain('Куда получите:\nНомер карты для получения: 2202 20•• •••• 0008');
    expect(created!.text).not.toContain('2202200000000008');

    await act(card.id, 'markPaid');
    await ctx.app.services.tickets.transition(card.id, 'fail', {
      actor: 'operator:test',
      note: 'Сумма пришла не полностью',
      refundNote: 'Вернём 0,01 BTC на адрес отправителя в течение суток',
    });
    const failed = (await ctx.app.inject({ url: `/api/v1/Tickets/${card.id}` })).json();
    expect(failed.refundNote).toBe('Вернём 0,01 BTC на адрес отправителя в течение суток');
    const last = (await mailsAbout(card.number)).at(-1)!;
    expect(last.text).toContain('Возврат: Вернём 0,01 BTC на адрес отправителя в течение суток');
  });

  it('refuses a transition the lifecycle does not allow, changing nothing', async () => {
    const ticket = (await createTicket(ctx, usdtToBtc('0.01'))).json();
    const before = await reserve('BTC');
    for (const action of ['complete', 'freeze', 'release', 'fail', 'approveCard', 'rejectCard'] as const) {
      await expect(act(ticket.id, action)).rejects.toMatchObject({ statusCode: 409, code: 'wrong_status' });
    }
    expect((await history(ticket.id)).map((h) => h.toStatus)).toEqual(['advance']);
    expect((await reserve('BTC')).held).toBe(before.held);
  });

  it('gives the reserve and the promo code back when a card photo is rejected', async () => {
    await ctx.database.db.insert(promoCodes).values({ code: 'REJECTED-CARD' });
    const before = await reserve('BTC');
    const ticket = (
      await createTicket(ctx, sberToBtc('10000', { email: 'reject-card@example.com', promocode: 'REJECTED-CARD' }))
    ).json();
    expect(ticket.status).toBe('card_check');
    expect(ticket.promo.code).toBe('REJECTED-CARD');
    await act(ticket.id, 'rejectCard', 'Не видно номера карты');
    expect((await reserve('BTC')).held).toBe(before.held);
    const [code] = await ctx.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'REJECTED-CARD'));
    expect(code).toMatchObject({ status: 'active', ticketId: null });
  });

  it('uses up the promo code only when the exchange succeeds', async () => {
    await ctx.database.db.insert(promoCodes).values({ code: 'USED-ON-SUCCESS' });
    const ticket = (
      await createTicket(ctx, sberToBtc('10000', { email: 'promo-success@example.com', promocode: 'USED-ON-SUCCESS' }))
    ).json();
    await act(ticket.id, 'approveCard');
    await act(ticket.id, 'markPaid');
    await act(ticket.id, 'complete');
    const [code] = await ctx.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'USED-ON-SUCCESS'));
    expect(code).toMatchObject({ status: 'used', ticketId: ticket.id });
  });

  it('opens a payment window of the direction’s minutes, or of the seconds an override sets', async () => {
    const usual = (await createTicket(ctx, usdtToBtc('0.01'))).json();
    const usualLeft = new Date(usual.paymentDeadline).getTime() - Date.now();
    expect(usualLeft).toBeGreaterThan(29 * 60_000);
    expect(usualLeft).toBeLessThanOrEqual(30 * 60_000);
    const short = (
      await createTicket(ctx, {
        ...usdtToBtc('0.01'),
        giveName: 'LTC',
        getName: 'TON',
        giveSum: '1',
        getSum: '0',
        calcDirection: 'sell',
        requisites: { give: {}, get: { walletAddress: 'UQCH2ds1UJ6upEQohJipcKpnqlTlWAwaVSPpUf62Ux3Lg7y4' } },
      })
    ).json();
    const shortLeft = new Date(short.paymentDeadline).getTime() - Date.now();
    expect(shortLeft).toBeGreaterThan(15_000);
    expect(shortLeft).toBeLessThanOrEqual(20_000);
  });

  it('shows each side’s kind and the partner who brought the exchange', async () => {
    const partner = await createUser(ctx);
    const [row] = await ctx.database.db
      .select({ refNumber: users.refNumber })
      .from(users)
      .where(eq(users.username, partner.username));
    const ticket = (await createTicket(ctx, usdtToBtc('0.01', { refId: String(row!.refNumber) }))).json();
    expect(ticket).toMatchObject({
      referral: String(row!.refNumber),
      give: { kind: 'crypto' },
      get: { kind: 'crypto' },
    });
    const stored = await ctx.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(stored[0]!.referrerId).not.toBeNull();
    // An unknown referral id is no referral, and no error.
    expect((await createTicket(ctx, usdtToBtc('0.01', { refId: '999999999' }))).json().referral).toBeNull();
  });
});

describe('the Idempotency-Key', () => {
  it('answers a retry with the same ticket, and another sender with a ticket of their own', async () => {
    const key = `retry-${Date.now()}`;
    const first = (await createTicket(ctx, usdtToBtc('0.01'), { 'idempotency-key': key })).json();
    const retry = (await createTicket(ctx, usdtToBtc('0.01'), { 'idempotency-key': key })).json();
    expect(retry.id).toBe(first.id);
    const user = await createUser(ctx);
    const theirs = (await createTicket(ctx, usdtToBtc('0.01'), { 'idempotency-key': key, ...user.headers })).json();
    expect(theirs.id).not.toBe(first.id);
    const rows = await ctx.database.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.idempotencyKey, `email:client@example.com:${key}`)));
    expect(rows).toHaveLength(1);
  });

  it("is the sender's own: another visitor's e-mail with the same key gets a ticket of their own, not the first one", async () => {
    const key = `shared-${Date.now()}`;
    const first = await createTicket(ctx, usdtToBtc('0.01', { email: 'first@example.com' }), {
      'idempotency-key': key,
    });
    const other = await createTicket(ctx, usdtToBtc('0.01', { email: 'Other@Example.com' }), {
      'idempotency-key': key,
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().id).not.toBe(first.json().id);
    expect(other.json().email).toBe('Other@Example.com');
  });

  it('refuses a replay with another body (422, as Stripe does), in the language of the request', async () => {
    const key = `changed-${Date.now()}`;
    const email = 'changes-mind@example.com';
    const first = await createTicket(ctx, usdtToBtc('0.01', { email }), { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    const changed = await createTicket(ctx, usdtToBtc('0.02', { email }), { 'idempotency-key': key });
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({
      error: {
        code: 'idempotency_key_reused',
        message: 'Повтор запроса не совпадает с первым: обновите страницу и отправьте заявку снова',
      },
    });
    const english = await createTicket(ctx, usdtToBtc('0.02', { email }), {
      'idempotency-key': key,
      'accept-language': 'en',
    });
    expect(english.json().error.message).toBe(
      'The retry differs from the first request: reload the page and send the ticket again',
    );
    // The same body still gets its ticket, its keys in any order.
    const { requisites, ...rest } = (await withQuotedSums(ctx, usdtToBtc('0.01', { email }))) as Record<
      string,
      unknown
    >;
    const reordered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/Tickets/create',
      headers: { 'idempotency-key': key },
      payload: { requisites, ...rest },
    });
    expect(reordered.json().id).toBe(first.json().id);
  });
});
