import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, sberToBtc, usdtToBtc } from '../../../test/tickets';
import { siteState } from '../../db/schema';

// The console's maintenance switch and what it tells about the tickets a break would stop.
let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  ctx = await createTestApp();
  roles = await consoleRoles(ctx);
});
afterAll(() => ctx.close());

describe('the site state', () => {
  it('reads without writing, switches maintenance on with the notice in both languages and off again; audited', async () => {
    await ctx.database.db.delete(siteState);
    const read = await call(ctx, 'GET', '/api/admin/site-state', roles.operator);
    expect(read.json()).toMatchObject({ convertEnabled: true, headerRu: 'Технический перерыв' });
    expect(await ctx.database.db.select().from(siteState)).toEqual([]);

    const on = await call(ctx, 'PUT', '/api/admin/site-state', roles.operator, {
      convertEnabled: false,
      headerRu: 'Плановые работы',
      textRu: 'Вернёмся к 03:00 по Москве',
      headerEn: 'Planned maintenance',
      textEn: 'Back by 03:00 Moscow time',
    });
    expect(on.statusCode).toBe(200);
    const ru = await ctx.app.inject({ url: '/api/v1/SiteState' });
    expect(ru.statusCode).toBe(503);
    expect(ru.json()).toEqual({ header: 'Плановые работы', text: 'Вернёмся к 03:00 по Москве' });
    const en = await ctx.app.inject({ url: '/api/v1/SiteState', headers: { 'accept-language': 'en' } });
    expect(en.json()).toEqual({ header: 'Planned maintenance', text: 'Back by 03:00 Moscow time' });
    const create = await ctx.app.inject({ method: 'POST', url: '/api/v1/Tickets/create', payload: {} });
    expect([400, 503]).toContain(create.statusCode);

    await call(ctx, 'PUT', '/api/admin/site-state', roles.operator, { convertEnabled: true });
    expect((await ctx.app.inject({ url: '/api/v1/SiteState' })).statusCode).toBe(204);
    const [off, onAudit] = await auditOf(ctx, 'site-state');
    expect(onAudit).toMatchObject({
      before: { convertEnabled: true },
      after: { convertEnabled: false, headerEn: 'Planned maintenance' },
    });
    expect(off).toMatchObject({ before: { convertEnabled: false }, after: { convertEnabled: true } });
  });

  it('lists, before maintenance is switched on, the tickets whose clients have yet to pay: they could not reach the payment page', async () => {
    const awaiting = () => call(ctx, 'GET', '/api/admin/site-state/awaiting-payment', roles.operator);
    const before = (await awaiting()).json() as { total: number; items: { id: string }[] };

    const unpaid = (await createTicket(ctx, usdtToBtc('0.01'))).json();
    const card = (await createTicket(ctx, sberToBtc('10000', { email: 'maintenance-card@example.com' }))).json();
    const paid = (await createTicket(ctx, usdtToBtc('0.01'))).json();
    await ctx.app.services.tickets.transition(paid.id, 'markPaid', { actor: 'operator:test' });
    expect([unpaid.status, card.status]).toEqual(['advance', 'card_check']);

    const res = await awaiting();
    expect(res.statusCode).toBe(200);
    const list = res.json() as { total: number; items: Record<string, unknown>[] };
    expect(list.total).toBe(before.total + 2);
    const mine = list.items.filter((t) => t.id === unpaid.id || t.id === card.id);
    expect(mine).toEqual([
      {
        id: card.id,
        number: card.number,
        status: 'card_check',
        createdAt: expect.any(String),
        give: { code: 'SBERRUB', valute: 'RUB', sum: '10000.00' },
        get: { code: 'BTC', valute: 'BTC', sum: card.get.sum },
        // A card check's own deadline, the photo's or the operator's (issue 42).
        paymentDeadline: expect.any(String),
      },
      {
        id: unpaid.id,
        number: unpaid.number,
        status: 'advance',
        createdAt: expect.any(String),
        give: { code: 'USDTTRC20', valute: 'USDT', sum: unpaid.give.sum },
        get: { code: 'BTC', valute: 'BTC', sum: '0.01000000' },
        paymentDeadline: expect.any(String),
      },
    ]);
    expect(list.items.map((t) => t.id)).not.toContain(paid.id);
    // Newest first: the clients likeliest to be on the payment page right now.
    const times = list.items.map((t) => Date.parse(t.createdAt as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Only the console's people may see who is paying what.
    expect((await call(ctx, 'GET', '/api/admin/site-state/awaiting-payment', roles.user)).statusCode).toBe(403);
  });
});
