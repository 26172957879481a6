import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, sberToBtc, usdtToBtc } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { users } from '../../db/schema';

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
    });
    const ticket = (await createTicket(ctx, usdtToBtc('0.015'), user.headers)).json();
    await ctx.app.services.tickets.transition(ticket.id, 'markPaid', { actor: 'operator:test' });
    await ctx.app.services.tickets.transition(ticket.id, 'complete', { actor: 'operator:test' });
    const after = (await ctx.app.inject({ url: '/api/v1/User/discount', headers: user.headers })).json();
    expect(after.percent).toBe('0.1');
    expect(Number(after.turnoverUsd)).toBeGreaterThan(1000);
    expect((await ctx.app.inject({ url: '/api/v1/User/discount' })).statusCode).toBe(401);
  });
});
