import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { auditLog, outbox } from '../../db/schema';

let ctx: TestContext;
let roles: Record<'user' | 'operator' | 'admin', Record<string, string>>;
beforeAll(async () => {
  ctx = await createTestApp();
  roles = {
    user: (await createUser(ctx)).headers,
    operator: (await createUser(ctx, 'operator')).headers,
    admin: (await createUser(ctx, 'admin')).headers,
  };
});
afterAll(() => ctx.close());

// What only admins may do: the set-up of currencies and discounts, people, promo codes, content, the audit.
const ADMIN_ONLY = [
  'PATCH /api/admin/currencies/:code',
  'PUT /api/admin/discount-bands',
  'PUT /api/admin/seo/:give/:get',
  'GET /api/admin/users',
  'PATCH /api/admin/users/:id',
  'GET /api/admin/promo-codes',
  'POST /api/admin/promo-codes',
  'GET /api/admin/audit',
  'GET /api/admin/news',
  'POST /api/admin/news',
  'PUT /api/admin/news/:id',
  'GET /api/admin/pages',
  'PUT /api/admin/pages/:slug',
];
const fill = (url: string) =>
  url
    .replace(':id/:action', 'aaaaaaaaaaaaaaaaaaaaaa/markPaid')
    .replace(':id', '00000000-0000-4000-8000-000000000000')
    .replace(':code', 'BTC')
    .replace(':give', 'SBERRUB')
    .replace(':get', 'BTC')
    .replace(':slug', 'about');

describe('who may use the operator console', () => {
  it('answers every /api/admin route with 401 for visitors, 403 for users, and lets roles in as they say', async () => {
    const adminRoutes = ctx.app.routeTable.filter((r) => r.url.startsWith('/api/admin'));
    expect(adminRoutes.length).toBeGreaterThan(25);
    for (const route of adminRoutes) {
      const request = (headers: Record<string, string>) =>
        ctx.app.inject({
          method: route.method as 'GET',
          url: fill(route.url),
          headers,
          payload: route.method === 'GET' ? undefined : {},
        });
      const label = `${route.method} ${route.url}`;
      expect((await request({})).statusCode, label).toBe(401);
      expect((await request(roles.user)).statusCode, label).toBe(403);
      const operatorStatus = (await request(roles.operator)).statusCode;
      if (ADMIN_ONLY.includes(label)) expect(operatorStatus, label).toBe(403);
      else expect([401, 403], label).not.toContain(operatorStatus);
      expect([401, 403], label).not.toContain((await request(roles.admin)).statusCode);
    }
  });
});

describe('running the exchange', () => {
  it('lets an operator find a paid ticket in the queue and complete it; the client sees success and gets the mail', async () => {
    const ticket = (await createTicket(ctx, usdtToBtc('0.01', { email: 'desk@example.com' }))).json();
    await ctx.app.inject({ url: `/api/v1/Tickets/confirm/${ticket.id}` });
    const queue = await ctx.app.inject({ url: '/api/admin/tickets?status=new', headers: roles.operator });
    expect(queue.json().items.map((t: { id: string }) => t.id)).toContain(ticket.id);
    const byEmail = await ctx.app.inject({ url: '/api/admin/tickets?q=desk@example', headers: roles.operator });
    expect(byEmail.json().items[0].id).toBe(ticket.id);

    const done = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${ticket.id}/complete`,
      headers: roles.operator,
      payload: { payoutReference: 'a1b2c3' },
    });
    expect(done.json()).toMatchObject({ status: 'success', payoutReference: 'a1b2c3' });
    expect((await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}` })).json().status).toBe('success');
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, 'desk@example.com'));
    expect(mails.map((m) => m.kind)).toEqual(
      expect.arrayContaining(['ticket_advance', 'ticket_new', 'ticket_success']),
    );
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${ticket.id}/freeze`,
      headers: roles.operator,
      payload: {},
    });
    expect(wrong.statusCode).toBe(409);
  });

  it('changes a price, the converter follows at once, and the change is audited with before and after', async () => {
    const quote = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/Exchange/calculate',
        payload: { giveName: 'SBERRUB', getName: 'BTC', sum: '10000', direction: 'sell' },
      });
    const before = (await quote()).json().getSum;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/prices/BTC',
      headers: roles.operator,
      payload: { usdPrice: '47425.06' },
    });
    expect(res.statusCode).toBe(200);
    const after = (await quote()).json().getSum;
    expect(Number(after)).toBeCloseTo(Number(before) * 2, 6);
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.resource, 'prices'));
    expect(entry).toMatchObject({ action: 'update', resourceId: 'BTC' });
    expect((entry!.before as { usdPrice: string }).usdPrice).toBe('94850.120000000000000000');
    expect((entry!.after as { usdPrice: string }).usdPrice).toBe('47425.060000000000000000');
  });

  it('switches maintenance on and off, audited', async () => {
    const on = await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/site-state',
      headers: roles.operator,
      payload: { convertEnabled: false },
    });
    expect(on.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/v1/SiteState' })).statusCode).toBe(503);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/admin/site-state',
      headers: roles.operator,
      payload: { convertEnabled: true },
    });
    expect((await ctx.app.inject({ url: '/api/v1/SiteState' })).statusCode).toBe(204);
  });

  it('blocks a user: their sessions end and they cannot log in', async () => {
    const victim = await createUser(ctx);
    const list = await ctx.app.inject({ url: `/api/admin/users?q=${victim.username}`, headers: roles.admin });
    const id = list.json().items[0].id as string;
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${id}`,
      headers: roles.admin,
      payload: { blocked: true },
    });
    expect((await ctx.app.inject({ url: '/api/v1/User/info', headers: victim.headers })).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/token',
      payload: { username: victim.username, password: 'Tr0ub4dor&Zebra' },
    });
    expect(login.json().parameterErrors[0].messages[0]).toBe('Аккаунт заблокирован. Напишите в поддержку');
  });

  it('issues promo codes to a user', async () => {
    const user = await createUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/promo-codes',
      headers: roles.admin,
      payload: { username: user.username, count: 3 },
    });
    expect(res.json()).toHaveLength(3);
    const mine = await ctx.app.inject({ url: '/api/v1/Promo/getactivepromocodes', headers: user.headers });
    expect(mine.json()).toHaveLength(3);
  });
});
