import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { outbox, reserves, ticketHistory, tickets } from '../../db/schema';

/** Issue 33: the console sees who holds the reserves and frees them in one audited action. */
let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  ctx = await createTestApp({ shippedTicketLimits: true });
  roles = await consoleRoles(ctx);
});
afterAll(() => ctx.close());

const heldBtc = async () =>
  (await ctx.database.db.select().from(reserves).where(eq(reserves.currencyCode, 'BTC')))[0]!.held;

describe('holds per client', () => {
  it('counts one inbox as one client, however its e-mail is spelt (issue 42)', async () => {
    for (const email of ['tagged+1@example.com', 'Tagged+2@example.com']) {
      expect((await createTicket(ctx, usdtToBtc('0.01', { email }), {}, '198.51.100.9')).statusCode).toBe(200);
    }
    const holds = (await call(ctx, 'GET', '/api/admin/holds', roles.operator)).json();
    expect(holds).toContainEqual(expect.objectContaining({ by: 'email', client: 'tagged@example.com', tickets: 2 }));
    const res = await call(ctx, 'POST', '/api/admin/holds/cancel', roles.operator, {
      by: 'email',
      client: 'tagged+3@example.com',
    });
    expect(res.json()).toEqual({ cancelled: 2 });
  });

  it('lists clients by e-mail and address, and cancels all of one e-mail at once, audited', async () => {
    const before = await heldBtc();
    const made = [];
    for (const sum of ['0.01', '0.02']) {
      made.push((await createTicket(ctx, usdtToBtc(sum, { email: 'Hoarder@example.com' }), {}, '198.51.100.7')).json());
    }
    await createTicket(ctx, usdtToBtc('0.01', { email: 'other@example.com' }), {}, '198.51.100.7');

    const holds = (await call(ctx, 'GET', '/api/admin/holds', roles.operator)).json();
    expect(holds).toContainEqual(
      expect.objectContaining({
        by: 'email',
        client: 'hoarder@example.com',
        tickets: 2,
        held: [{ currencyCode: 'BTC', valute: 'BTC', amount: '0.03000000' }],
      }),
    );
    expect(holds).toContainEqual(expect.objectContaining({ by: 'address', client: '198.51.100.7', tickets: 3 }));
    expect((await call(ctx, 'GET', '/api/admin/holds', roles.user)).statusCode).toBe(403);

    const res = await call(ctx, 'POST', '/api/admin/holds/cancel', roles.operator, {
      by: 'email',
      client: 'HOARDER@example.com',
      note: 'Заявки без оплаты',
    });
    expect(res.json()).toEqual({ cancelled: 2 });
    for (const ticket of made) {
      const shown = (await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}` })).json();
      expect(shown).toMatchObject({ status: 'deleted', reason: 'Заявки без оплаты' });
      const steps = await ctx.database.db.select().from(ticketHistory).where(eq(ticketHistory.ticketId, ticket.id));
      expect(steps.at(-1)!.actor).toMatch(/^operator:/);
    }
    const [audit] = await auditOf(ctx, 'holds', 'email:HOARDER@example.com');
    expect(audit).toMatchObject({
      action: 'cancel-all',
      actorName: roles.operatorName,
      before: { open: made.map((t) => t.number) },
      after: { cancelled: 2 },
    });
    const after = (await call(ctx, 'GET', '/api/admin/holds', roles.operator)).json();
    expect(after).toContainEqual(expect.objectContaining({ by: 'address', client: '198.51.100.7', tickets: 1 }));
    expect(after.find((h: { client: string }) => h.client === 'hoarder@example.com')).toBeUndefined();

    // The address's last ticket, then nothing left to cancel.
    const byAddress = { by: 'address', client: '198.51.100.7' };
    expect((await call(ctx, 'POST', '/api/admin/holds/cancel', roles.operator, byAddress)).json()).toEqual({
      cancelled: 1,
    });
    expect((await call(ctx, 'POST', '/api/admin/holds/cancel', roles.operator, byAddress)).json()).toEqual({
      cancelled: 0,
    });
    expect(await heldBtc()).toBe(before);
  });
});

describe('holds of a group', () => {
  const open = async (email: string, address: string) => {
    const res = await createTicket(ctx, usdtToBtc('0.001', { email }), {}, address);
    expect(res.statusCode).toBe(200);
    return res.json() as { id: string; number: number };
  };
  const statusOf = async (id: string) => (await ctx.app.inject({ url: `/api/v1/Tickets/${id}` })).json().status;
  const cancelGroup = (body: unknown, headers = roles.operator) =>
    call(ctx, 'POST', '/api/admin/holds/cancel-group', headers, body);

  it('are cancelled in one action by address range, e-mail domain or age: one transaction, one audit, a mail each', async () => {
    const before = await heldBtc();
    const crowd = [];
    for (let i = 0; i < 12; i += 1) crowd.push(await open(`c${i}@crowd.example`, `192.0.2.${i + 1}`));
    const neighbour = await open('n@other.example', '192.0.3.1');
    const v6 = await open('v6@other.example', '2001:db8::5');
    const bystander = await open('by@crowd.example', '198.51.100.99');

    const byRange = await cancelGroup({ addressRange: '192.0.2.0/24', note: 'Волна заявок' });
    expect(byRange.json()).toEqual({ cancelled: 12 });
    for (const ticket of crowd) expect(await statusOf(ticket.id)).toBe('deleted');
    expect(await statusOf(neighbour.id)).toBe('advance');
    const [audit, ...more] = await auditOf(ctx, 'holds', 'range:192.0.2.0/24');
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      action: 'cancel-group',
      actorName: roles.operatorName,
      before: { open: crowd.map((t) => t.number) },
      after: { cancelled: 12, note: 'Волна заявок' },
    });
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.kind, 'ticket_deleted'));
    expect(mails.filter((m) => m.toAddress.endsWith('@crowd.example') && m.text.includes('Волна заявок'))).toHaveLength(
      12,
    );

    expect((await cancelGroup({ addressRange: '2001:db8::/32' })).json()).toEqual({ cancelled: 1 });
    expect(await statusOf(v6.id)).toBe('deleted');
    // Domain and age together: both must match; a ticket not yet a minute old is not "older than 1".
    expect((await cancelGroup({ emailDomain: '@Crowd.Example', olderThanMinutes: 1 })).json()).toEqual({
      cancelled: 0,
    });
    await ctx.database.db
      .update(tickets)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(tickets.id, bystander.id));
    expect((await cancelGroup({ emailDomain: 'crowd.example', olderThanMinutes: 1 })).json()).toEqual({
      cancelled: 1,
    });
    expect(await statusOf(neighbour.id)).toBe('advance');
    await ctx.database.db
      .update(tickets)
      .set({ createdAt: new Date(Date.now() - 90 * 60_000) })
      .where(eq(tickets.id, neighbour.id));
    expect((await cancelGroup({ olderThanMinutes: 60 })).json()).toEqual({ cancelled: 1 });
    expect(await heldBtc()).toBe(before);
    expect((await cancelGroup({ olderThanMinutes: 60 }, roles.user)).statusCode).toBe(403);
  });

  it('refuses a group that names nothing or a range that is none, in the operator’s language', async () => {
    const empty = await cancelGroup({ note: 'всё' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().parameterErrors).toEqual([
      { name: 'addressRange', messages: ['Укажите диапазон адресов, домен e-mail или возраст — хотя бы одно'] },
    ]);
    const bad = await call(
      ctx,
      'POST',
      '/api/admin/holds/cancel-group',
      { ...roles.operator, 'accept-language': 'en' },
      {
        addressRange: '192.0.2.0/33',
        emailDomain: 'not a domain',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().parameterErrors).toEqual([
      { name: 'addressRange', messages: ['An address or a range such as 203.0.113.0/24 or 2001:db8::/32'] },
      { name: 'emailDomain', messages: ['A domain such as example.com'] },
    ]);
  });
});

describe('the limits', () => {
  it('are shown and set by an operator, audited; a new share applies to the next quote', async () => {
    const shown = (await call(ctx, 'GET', '/api/admin/ticket-limits', roles.operator)).json();
    expect(shown).toMatchObject({
      openPerEmail: 3,
      openPerUser: 3,
      openPerAddress: 10,
      reserveSharePercent: '50',
      unpaidHoldPercent: '50',
    });
    const bad = await call(ctx, 'PUT', '/api/admin/ticket-limits', roles.operator, {
      ...shown,
      openPerEmail: 0,
      reserveSharePercent: '150',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .parameterErrors.map((e: { name: string }) => e.name)
        .sort(),
    ).toEqual(['openPerEmail', 'reserveSharePercent']);

    const quote = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/Exchange/calculate',
        payload: { giveName: 'USDTTRC20', getName: 'BTC', sum: '2', direction: 'buy' },
      });
    expect((await quote()).statusCode).toBe(400); // 2 of 3.25 free is more than half
    const set = await call(ctx, 'PUT', '/api/admin/ticket-limits', roles.operator, {
      openPerEmail: 5,
      openPerUser: 5,
      openPerAddress: 20,
      reserveSharePercent: '75',
      unpaidHoldPercent: '60',
    });
    expect(set.json()).toMatchObject({ openPerEmail: 5, reserveSharePercent: '75', unpaidHoldPercent: '60' });
    expect((await quote()).statusCode).toBe(200);
    const [audit] = await auditOf(ctx, 'ticket-limits', '1');
    expect(audit).toMatchObject({
      before: { openPerEmail: 3 },
      after: { openPerEmail: 5, reserveSharePercent: '75', unpaidHoldPercent: '60' },
    });
  });
});
