import { eq } from 'drizzle-orm';
import { Decimal } from '@obmen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, sberToBtc, usdtToBtc } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { prices, promoCodes, users } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('promo codes of a user', () => {
  it('lists issued codes with their state, and the active ones', async () => {
    const user = await createUser(ctx);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.username, user.username));
    const [first, second] = await ctx.app.services.promo.issue({
      userId: row!.id,
      count: 2,
      valueRub: '50',
      minRub: '3000',
      expiresAt: null,
    });
    expect(first!.code).toMatch(/^OBM-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const ticket = (await createTicket(ctx, sberToBtc('5000', { promocode: first!.code }), user.headers)).json();
    expect(ticket.promo.code).toBe(first!.code);
    // Its owner, trying it again while the ticket is open, is told which ticket holds it (issue 34).
    const twice = await createTicket(ctx, sberToBtc('5000', { promocode: first!.code }), user.headers);
    expect(twice.json().parameterErrors[0].messages).toEqual([
      `Этот промокод уже в вашей открытой заявке № ${ticket.number}: отмените её, чтобы применить код здесь`,
    ]);
    // Someone else cannot use a code issued to this user.
    const stranger = await createUser(ctx);
    const taken = await createTicket(ctx, sberToBtc('5000', { promocode: second!.code }), stranger.headers);
    expect(taken.json().parameterErrors[0]).toEqual({ name: 'promocode', messages: ['Промокод недействителен'] });

    const all = (await ctx.app.inject({ url: '/api/v1/Promo/getpromocodes', headers: user.headers })).json();
    expect(all.total).toBe(2);
    expect(all.items.find((p: { code: string }) => p.code === first!.code)).toMatchObject({
      status: 'held',
      ticketNumber: ticket.number,
    });
    const active = (await ctx.app.inject({ url: '/api/v1/Promo/getactivepromocodes', headers: user.headers })).json();
    expect(active.map((p: { code: string }) => p.code)).toEqual([second!.code]);
    expect(active[0]).toMatchObject({ valueRub: '50', minRub: '3000', status: 'active' });
  });
});

describe("the history of a user's codes", () => {
  it('shows the state of each (used, active, expired) and the ticket that used it', async () => {
    const admin = await createUser(ctx, 'admin');
    const user = await createUser(ctx);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.username, user.username));
    const issued = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: admin.headers,
      payload: { username: user.username },
    });
    const [mine] = issued.json() as { code: string }[];
    const [old] = await ctx.app.services.promo.issue({
      userId: row!.id,
      count: 1,
      valueRub: '50',
      minRub: '3000',
      expiresAt: new Date(Date.now() - 60_000),
    });
    // A general code from a batch, used by this user: it belongs in their history too.
    const [general] = await ctx.app.services.promo.issue({
      userId: null,
      count: 1,
      valueRub: '50',
      minRub: '3000',
      expiresAt: null,
    });
    const used = (await createTicket(ctx, sberToBtc('5000', { promocode: general!.code }), user.headers)).json();
    if (used.status === 'card_check') {
      await ctx.app.services.tickets.transition(used.id, 'approveCard', { actor: 'operator:test' });
    }
    await ctx.app.services.tickets.transition(used.id, 'markPaid', { actor: 'operator:test' });
    await ctx.app.services.tickets.transition(used.id, 'complete', { actor: 'operator:test' });

    const history = (
      await ctx.app.inject({ url: '/api/v1/Promo/getpromocodes?page=1&perPage=10', headers: user.headers })
    ).json();
    expect(history).toMatchObject({ page: 1, perPage: 10, total: 3 });
    const byCode = new Map<string, { usedAt: string | null }>(
      history.items.map((p: { code: string; usedAt: string | null }) => [p.code, p]),
    );
    expect(byCode.get(mine!.code)).toMatchObject({ status: 'active', ticketNumber: null, ticketId: null });
    expect(byCode.get(old!.code)).toMatchObject({ status: 'expired', ticketNumber: null });
    expect(byCode.get(general!.code)).toMatchObject({
      status: 'used',
      ticketNumber: used.number,
      ticketId: used.id,
    });
    expect(byCode.get(general!.code)?.usedAt).not.toBeNull();
    const active = (await ctx.app.inject({ url: '/api/v1/Promo/getactivepromocodes', headers: user.headers })).json();
    expect(active.map((p: { code: string }) => p.code)).toEqual([mine!.code]);

    const paged = (
      await ctx.app.inject({ url: '/api/v1/Promo/getpromocodes?perPage=2&page=2', headers: user.headers })
    ).json();
    expect(paged).toMatchObject({ page: 2, perPage: 2, total: 3 });
    expect(paged.items).toHaveLength(1);
    // Someone else sees none of it.
    const stranger = await createUser(ctx);
    expect(
      (await ctx.app.inject({ url: '/api/v1/Promo/getpromocodes', headers: stranger.headers })).json(),
    ).toMatchObject({
      total: 0,
      items: [],
    });
    expect((await ctx.app.inject({ url: '/api/v1/Promo/getpromocodes' })).statusCode).toBe(401);
  });
});

describe('a promo code in the converter', () => {
  it('gives the promised 50 roubles on a quote, both ways round, and only to its owner', async () => {
    const admin = await createUser(ctx, 'admin');
    const user = await createUser(ctx);
    const [code] = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/promo-codes',
        headers: admin.headers,
        payload: { username: user.username },
      })
    ).json() as { code: string }[];
    const calculate = (payload: Record<string, string>, headers: Record<string, string> = user.headers) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/Exchange/calculate',
        headers,
        payload: { giveName: 'SBERRUB', getName: 'BTC', useFixedDirection: 'false', ...payload },
      });
    const [rub] = await ctx.database.db.select().from(prices).where(eq(prices.currencyCode, 'SBERRUB'));
    const [btc] = await ctx.database.db.select().from(prices).where(eq(prices.currencyCode, 'BTC'));
    const fiftyRoublesInBtc = new Decimal(50).times(rub!.usdPrice).div(btc!.usdPrice);

    // Selling 5 000 RUB: the code adds 50 roubles' worth of bitcoin to what the client gets.
    const plain = (await calculate({ sum: '5000', direction: 'sell' })).json();
    const promo = (await calculate({ sum: '5000', direction: 'sell', promocode: code!.code })).json();
    expect(promo.giveSum).toBe(plain.giveSum);
    expect(promo.promo.code).toBe(code!.code);
    const gained = new Decimal(promo.getSum).minus(plain.getSum);
    expect(gained.minus(fiftyRoublesInBtc).abs().lte('0.00000002')).toBe(true);

    // Buying a fixed amount of bitcoin: the client pays at least 50 roubles less.
    const plainBuy = (await calculate({ sum: plain.getSum, direction: 'buy' })).json();
    const promoBuy = (await calculate({ sum: plain.getSum, direction: 'buy', promocode: code!.code })).json();
    expect(promoBuy.getSum).toBe(plainBuy.getSum);
    const saved = new Decimal(plainBuy.giveSum).minus(promoBuy.giveSum);
    expect(saved.gte(50)).toBe(true);
    expect(saved.lt(52)).toBe(true);

    // The code is this user's: a visitor or another user gets the plain amount and the reason.
    const anonymous = (await calculate({ sum: '5000', direction: 'sell', promocode: code!.code }, {})).json();
    expect(anonymous).toMatchObject({ promo: null, promoError: 'Промокод недействителен' });
    expect(anonymous.getSum).not.toBe(promo.getSum);

    // Used once, it is gone: the next quote is the plain one.
    const [row] = await ctx.database.db.select().from(users).where(eq(users.username, user.username));
    await ctx.database.db.update(promoCodes).set({ status: 'used' }).where(eq(promoCodes.userId, row!.id));
    expect((await calculate({ sum: '5000', direction: 'sell', promocode: code!.code })).json()).toMatchObject({
      promo: null,
      getSum: plain.getSum,
    });
  });
});

describe('the discount', () => {
  it('starts every logged-in user at 0.05 % and moves up the bands with successful turnover', async () => {
    const user = await createUser(ctx);
    const before = (await ctx.app.inject({ url: '/api/v1/User/discount', headers: user.headers })).json();
    expect(before).toEqual({
      percent: '0.05',
      turnoverUsd: '0.00',
      bands: [
        { minTurnoverUsd: '0', percent: '0.05' },
        { minTurnoverUsd: '1000', percent: '0.1' },
        { minTurnoverUsd: '10000', percent: '0.2' },
        { minTurnoverUsd: '50000', percent: '0.3' },
      ],
      next: { minTurnoverUsd: '1000', percent: '0.1', remainingUsd: '1000.00' },
    });
    const ticket = (await createTicket(ctx, usdtToBtc('0.015'), user.headers)).json();
    await ctx.app.services.tickets.transition(ticket.id, 'markPaid', { actor: 'operator:test' });
    await ctx.app.services.tickets.transition(ticket.id, 'complete', { actor: 'operator:test' });
    const after = (await ctx.app.inject({ url: '/api/v1/User/discount', headers: user.headers })).json();
    expect(after.percent).toBe('0.1');
    expect(new Decimal(after.turnoverUsd).gt(1000)).toBe(true);
    expect(after.next).toMatchObject({ minTurnoverUsd: '10000', percent: '0.2' });
    expect(new Decimal(after.next.remainingUsd).plus(after.turnoverUsd).toFixed(2)).toBe('10000.00');
    expect((await ctx.app.inject({ url: '/api/v1/User/discount' })).statusCode).toBe(401);
  });
});
