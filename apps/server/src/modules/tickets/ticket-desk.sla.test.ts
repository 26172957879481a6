import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { ticketHistory } from '../../db/schema';

// The desk's clocks (issue 46): minutes waited per waiting state, their colour, the breach sort, /metrics.

const METRICS_TOKEN = 'metrics-token-for-the-scraper-0123456789';
let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  ctx = await createTestApp({ metrics: { token: METRICS_TOKEN } });
  roles = await consoleRoles(ctx);
});
afterAll(() => ctx.close());

const unique = () => `sla.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
/** A paid ticket that became paid `minutes` ago. */
const paidAgo = async (minutes: number) => {
  const res = await createTicket(ctx, usdtToBtc('0.01', { email: unique() }));
  const ticket = res.json() as { id: string };
  await ctx.app.inject({ url: `/api/v1/Tickets/confirm/${ticket.id}` });
  await ctx.database.db
    .update(ticketHistory)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes}::int)` })
    .where(and(eq(ticketHistory.ticketId, ticket.id), eq(ticketHistory.toStatus, 'new')));
  return ticket;
};
type Item = { id: string; wait: { state: string; minutes: number; level: string } | null };

describe('SLA clocks', () => {
  it('shows the minutes a paid ticket has waited, amber and red past the thresholds, and sorts by breach', async () => {
    const amber = await paidAgo(20);
    const red = await paidAgo(45);
    const fresh = await paidAgo(2);
    const queue = async (sort: string) =>
      (
        (await call(ctx, 'GET', `/api/admin/tickets?status=new&sort=${sort}`, roles.operator)).json().items as Item[]
      ).filter((t) => [amber.id, red.id, fresh.id].includes(t.id));
    const byId = new Map((await queue('queue')).map((t) => [t.id, t.wait]));
    // The defaults: paid tickets turn amber at 15 minutes and red at 30.
    expect(byId.get(amber.id)).toMatchObject({ state: 'new', minutes: 20, level: 'amber' });
    expect(byId.get(red.id)).toMatchObject({ state: 'new', minutes: 45, level: 'red' });
    expect(byId.get(fresh.id)).toMatchObject({ state: 'new', minutes: 2, level: 'ok' });
    // The desk's own order is by creation; by breach the red one leads.
    expect((await queue('queue')).map((t) => t.id)).toEqual([amber.id, red.id, fresh.id]);
    expect((await queue('breach')).map((t) => t.id)).toEqual([red.id, amber.id, fresh.id]);

    // An admin moves the lines: 20 minutes is now within time.
    const settings = (await call(ctx, 'GET', '/api/admin/desk-settings', roles.admin)).json();
    await call(ctx, 'PUT', '/api/admin/desk-settings', roles.admin, {
      ...settings,
      sla: { ...settings.sla, new: { amber: 25, red: 60 } },
    });
    const moved = new Map((await queue('queue')).map((t) => [t.id, t.wait]));
    expect(moved.get(amber.id)).toMatchObject({ level: 'ok' });
    expect(moved.get(red.id)).toMatchObject({ level: 'amber' });
    await call(ctx, 'PUT', '/api/admin/desk-settings', roles.admin, settings);

    const detail = (await call(ctx, 'GET', `/api/admin/tickets/${red.id}`, roles.operator)).json();
    expect(detail.wait).toMatchObject({ state: 'new', minutes: 45, level: 'red' });
  });

  it('runs no clock on a ticket that waits for its client', async () => {
    const res = await createTicket(ctx, usdtToBtc('0.01', { email: unique() }));
    const detail = (await call(ctx, 'GET', `/api/admin/tickets/${res.json().id}`, roles.operator)).json();
    expect(detail.ticket.status).toBe('advance');
    expect(detail.wait).toBeNull();
  });

  it('exports the oldest wait of each waiting state on /metrics', async () => {
    await paidAgo(90);
    const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const line = (state: string) =>
      res.body.split('\n').find((l) => l.startsWith(`obmen_ticket_oldest_wait_seconds{state="${state}"}`));
    expect(Number(line('new')?.split(' ')[1])).toBeGreaterThanOrEqual(90 * 60);
    expect(Number(line('new')?.split(' ')[1])).toBeLessThan(91 * 60);
    expect(line('awaiting_approval')).toBe('obmen_ticket_oldest_wait_seconds{state="awaiting_approval"} 0');
    expect(line('refund_requested')).toBeDefined();
  });
});
