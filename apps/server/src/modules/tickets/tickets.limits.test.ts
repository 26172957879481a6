import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { cardPhoto, createTicket, sberToBtc, TRON_ADDRESS, uploadCardPhoto, usdtToBtc } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { outbox, reserves, ticketHistory, ticketLimits, tickets } from '../../db/schema';

/**
 * Issue 33: one client cannot lock the reserves. Every hold has a deadline, open unpaid tickets are
 * capped per e-mail, user and address, and one ticket takes at most a share of what is free.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ shippedTicketLimits: true });
});
afterAll(() => ctx.close());

let nextAddress = 1;
/** A client of its own: an address nobody else in this file uses. */
const freshAddress = () => `203.0.113.${nextAddress++}`;
const create = (payload: unknown, address: string, headers: Record<string, string> = {}) =>
  createTicket(ctx, payload, headers, address);
const held = async (code: string) =>
  new Decimal((await ctx.database.db.select().from(reserves).where(eq(reserves.currencyCode, code)))[0]!.held);
const cancel = (id: string) => ctx.app.inject({ url: `/api/v1/Tickets/cancel/${id}` });
/** The ticket's window passes: the job closes it and its hold goes back to `before`. */
async function expireNow(id: string, before: Decimal) {
  await ctx.database.db
    .update(tickets)
    .set({ paymentDeadline: sql`now() - interval '1 second'` })
    .where(eq(tickets.id, id));
  expect(await ctx.app.services.tickets.expireDue()).toBe(1);
  expect((await held('BTC')).eq(before)).toBe(true);
}

describe('a card-check ticket', () => {
  it('waits for its photo for the direction’s window, then is cancelled and its hold given back', async () => {
    const before = await held('BTC');
    const ticket = (await create(sberToBtc('10000', { email: 'no-photo@example.com' }), freshAddress())).json();
    expect(ticket.status).toBe('card_check');
    const left = Date.parse(ticket.paymentDeadline) - Date.now();
    expect(left).toBeGreaterThan(29 * 60_000);
    expect(left).toBeLessThanOrEqual(30 * 60_000);
    expect((await held('BTC')).gt(before)).toBe(true);

    await expireNow(ticket.id, before);
    const shown = (await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}` })).json();
    expect(shown).toMatchObject({ status: 'deleted', reason: 'Фото карты не было отправлено вовремя' });
    const english = await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}`, headers: { 'accept-language': 'en' } });
    expect(english.json().reason).toBe('The card photo was not sent in time');
    const steps = await ctx.database.db
      .select()
      .from(ticketHistory)
      .where(eq(ticketHistory.ticketId, ticket.id))
      .orderBy(asc(ticketHistory.createdAt));
    expect(steps.map((s) => [s.toStatus, s.actor])).toEqual([
      ['card_check', 'client'],
      ['deleted', 'system'],
    ]);
    const mails = (await ctx.database.db.select().from(outbox)).filter((m) => m.toAddress === 'no-photo@example.com');
    expect(mails.map((m) => m.kind)).toEqual(['ticket_card_check', 'ticket_deleted']);
    expect(mails[1]!.text).toContain('Фото карты не было отправлено вовремя');
    // A photo sent after the window is refused, and nothing is kept of it.
    expect((await uploadCardPhoto(ctx, ticket.id, await cardPhoto())).statusCode).toBe(409);
  });

  it('once its photo is in, waits for the operator’s check for the direction’s window, counted down in the console, then expires with a mail', async () => {
    const roles = await consoleRoles(ctx);
    const before = await held('BTC');
    const ticket = (
      await create(sberToBtc('10000', { email: 'photo-sent@example.com' }), freshAddress(), { 'accept-language': 'en' })
    ).json();
    // Any picture will do as a photo: what it starts must end by itself.
    expect((await uploadCardPhoto(ctx, ticket.id, await cardPhoto())).statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    const left = row!.paymentDeadline!.getTime() - Date.now();
    expect(left).toBeGreaterThan(59 * 60_000);
    expect(left).toBeLessThanOrEqual(60 * 60_000);
    // A photo sent again keeps the operator's window: uploads cannot push the end away.
    expect((await uploadCardPhoto(ctx, ticket.id, await cardPhoto())).statusCode).toBe(200);
    const [again] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(again!.paymentDeadline).toEqual(row!.paymentDeadline);
    const queue = (await call(ctx, 'GET', '/api/admin/tickets?status=card_check', roles.operator)).json();
    const listed = queue.items.find((t: { id: string }) => t.id === ticket.id);
    expect(Date.parse(listed.paymentDeadline)).toBe(row!.paymentDeadline!.getTime());

    await expireNow(ticket.id, before);
    const shown = (await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}` })).json();
    expect(shown).toMatchObject({
      status: 'deleted',
      reason: expect.stringMatching(/^Мы не успели проверить фото карты/),
    });
    const mails = (await ctx.database.db.select().from(outbox)).filter((m) => m.toAddress === 'photo-sent@example.com');
    expect(mails.map((m) => m.kind)).toEqual(['ticket_card_check', 'ticket_deleted']);
    expect(mails[1]!.text).toContain('We could not check the card photo in time');
  });
});

describe('open unpaid tickets per client', () => {
  it('are three per e-mail: the fourth is refused in the client’s language until one is cancelled', async () => {
    const email = 'three-open@example.com';
    const made = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await create(usdtToBtc('0.01', { email }), freshAddress());
      expect(res.statusCode).toBe(200);
      made.push(res.json().id as string);
    }
    const refused = await create(usdtToBtc('0.01', { email: 'Three-Open@Example.com' }), freshAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      'Неоплаченных заявок на Three-Open@Example.com уже 3 — это предел. Оплатите или отмените их по ссылкам из наших писем, и можно будет создать новую',
    );
    const english = await create(usdtToBtc('0.01', { email }), freshAddress(), { 'accept-language': 'en' });
    expect(english.statusCode).toBe(429);
    expect(english.json().error.message).toMatch(/^three-open@example\.com already has 3 unpaid tickets/);

    await cancel(made[0]!);
    expect((await create(usdtToBtc('0.01', { email }), freshAddress())).statusCode).toBe(200);
  });

  it('count one inbox once: `box+tag@` and Gmail’s dots are the same e-mail (issue 42)', async () => {
    for (const email of ['tagged+1@example.com', 'Tagged+2@example.com', 'tagged@EXAMPLE.com']) {
      expect((await create(usdtToBtc('0.01', { email }), freshAddress())).statusCode).toBe(200);
    }
    const refused = await create(usdtToBtc('0.01', { email: 'tagged+4@example.com' }), freshAddress());
    expect(refused.statusCode).toBe(429);
    for (const email of ['j.doe.42@gmail.com', 'jdoe42+x@googlemail.com', 'J.Doe42@Gmail.com']) {
      expect((await create(usdtToBtc('0.01', { email }), freshAddress())).statusCode).toBe(200);
    }
    expect((await create(usdtToBtc('0.01', { email: 'jd.oe42@gmail.com' }), freshAddress())).statusCode).toBe(429);
    // Elsewhere a dot is part of the name: another person's inbox counts on its own.
    expect((await create(usdtToBtc('0.01', { email: 'tag.ged@example.com' }), freshAddress())).statusCode).toBe(200);
  });

  it('are three per signed-in user, whatever e-mails the tickets carry', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 3; i += 1) {
      const res = await create(usdtToBtc('0.01', { email: `user-${i}@example.com` }), freshAddress(), user.headers);
      expect(res.statusCode).toBe(200);
    }
    const refused = await create(usdtToBtc('0.01', { email: 'user-4@example.com' }), freshAddress(), user.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Неоплаченных заявок у вас уже 3 — это предел.*«Мои заявки»/);
  });

  it('are ten per address, and an operator may change each limit', async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i += 1) {
      expect((await create(usdtToBtc('0.01', { email: `same-address-${i}@example.com` }), address)).statusCode).toBe(
        200,
      );
    }
    const refused = await create(usdtToBtc('0.01', { email: 'same-address-10@example.com' }), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Неоплаченных заявок с вашего адреса уже 10/);

    await ctx.database.db.update(ticketLimits).set({ openPerAddress: 11 });
    expect((await create(usdtToBtc('0.01', { email: 'same-address-10@example.com' }), address)).statusCode).toBe(200);
    await ctx.database.db.update(ticketLimits).set({ openPerAddress: 10 });
  });

  it('hold under a burst: of 30 simultaneous tickets of one e-mail to several reserves, exactly 3 are made', async () => {
    const email = 'burst@example.com';
    // Bitcoin and USDT: two reserves, so two batches that each count the same client.
    const toUsdt = {
      ...usdtToBtc('0', { email }),
      giveName: 'BTC',
      getName: 'USDTTRC20',
      giveSum: '0.01',
      calcDirection: 'sell',
      requisites: { give: {}, get: { walletAddress: TRON_ADDRESS } },
    };
    const bodies = Array.from({ length: 30 }, (_, i) => (i % 2 ? toUsdt : usdtToBtc('0.01', { email })));
    const results = await Promise.all(bodies.map((body) => create(body, freshAddress())));
    const made = results.filter((r) => r.statusCode === 200);
    expect(made).toHaveLength(3);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 429)).toBe(true);
  });
});

describe('one ticket’s share of a reserve', () => {
  it('is at most half of what is free: more is refused by the quote and by the ticket, with the most it may be', async () => {
    const free = new Decimal(
      (await ctx.app.inject({ url: '/api/v1/Exchange/get_reserve/BTC' })).json().reserveAmount as string,
    );
    const tooMuch = free.times('0.6').toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/Exchange/calculate',
      payload: { giveName: 'USDTTRC20', getName: 'BTC', sum: tooMuch, direction: 'buy' },
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().parameterErrors[0].messages[1]).toMatch(
      /^Одна заявка может занять не больше [\d ,]+ BTC: уменьшите сумму$/,
    );
    const refused = await create(usdtToBtc(tooMuch, { email: 'greedy@example.com' }), freshAddress());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().parameterErrors[0].messages[0]).toBe('Превышен лимит');
  });
});
