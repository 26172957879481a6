import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { ticketClaims } from '../../db/schema';

// Claims (issue 46): one operator works on a ticket; the others are told who, until they take it over.

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
let second: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  ctx = await createTestApp();
  roles = await consoleRoles(ctx);
  second = await createUser(ctx, 'operator');
});
afterAll(() => ctx.close());

const unique = () => `claims.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const paid = async () => {
  const email = unique();
  const res = await createTicket(ctx, usdtToBtc('0.01', { email }));
  expect(res.statusCode).toBe(200);
  const ticket = res.json() as { id: string; number: number };
  await ctx.app.inject({ url: `/api/v1/Tickets/confirm/${ticket.id}` });
  return ticket;
};
const claim = (id: string, headers: Record<string, string>, takeOver = false) =>
  call(ctx, 'POST', `/api/admin/tickets/${id}/claim`, headers, { takeOver });
const freeze = (id: string, headers: Record<string, string>) =>
  call(ctx, 'POST', `/api/admin/tickets/${id}/freeze`, headers, { note: 'Checking the sender' });

describe('claims', () => {
  it('shows who holds a ticket in the queue and the panel, and answers another operator 409 in their language', async () => {
    const ticket = await paid();
    const taken = await claim(ticket.id, roles.operator);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().claim).toMatchObject({ operator: roles.operatorName, mine: true });

    const seen = (await call(ctx, 'GET', `/api/admin/tickets/${ticket.id}`, second.headers)).json();
    expect(seen.claim).toMatchObject({ operator: roles.operatorName, mine: false });
    const queue = (await call(ctx, 'GET', '/api/admin/tickets?status=new', second.headers)).json();
    expect(queue.items.find((t: { id: string }) => t.id === ticket.id).claim).toMatchObject({
      operator: roles.operatorName,
      mine: false,
    });

    const refused = await freeze(ticket.id, { ...second.headers, 'accept-language': 'ru' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'claimed_by_other',
      message: `С этой заявкой работает оператор ${roles.operatorName}. Чтобы действовать, заберите её себе.`,
    });
    const inEnglish = await freeze(ticket.id, { ...second.headers, 'accept-language': 'en' });
    expect(inEnglish.json().error.message).toBe(
      `Operator ${roles.operatorName} is working on this ticket. Take it over to act on it.`,
    );
    // A payment entered by hand is an operator's step too.
    const payment = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/payment`, second.headers, {
      amount: '1',
      reference: 'bank-transfer-1',
    });
    expect(payment.statusCode).toBe(409);
    expect(payment.json().error.code).toBe('claimed_by_other');
    // A plain take of a held ticket is refused the same way; the holder acts freely.
    expect((await claim(ticket.id, second.headers)).json().error.code).toBe('claimed_by_other');
    expect((await freeze(ticket.id, roles.operator)).statusCode).toBe(200);
  });

  it('lets another operator take the ticket over in one call, audited, and then the first one is refused', async () => {
    const ticket = await paid();
    await claim(ticket.id, roles.operator);
    const over = await claim(ticket.id, second.headers, true);
    expect(over.statusCode).toBe(200);
    expect(over.json().claim).toMatchObject({ operator: second.username, mine: true });
    const [record] = await auditOf(ctx, 'tickets', ticket.id);
    expect(record).toMatchObject({
      action: 'takeOver',
      actorName: second.username,
      before: { claimedBy: roles.operatorName },
      after: { claimedBy: second.username },
    });
    expect((await freeze(ticket.id, second.headers)).statusCode).toBe(200);
    expect((await freeze(ticket.id, roles.operator)).json().error.code).toBe('claimed_by_other');
  });

  it('lets a claim lapse after the idle minutes the admin set, and lets its holder let it go', async () => {
    const settings = (await call(ctx, 'GET', '/api/admin/desk-settings', roles.admin)).json();
    const set = await call(ctx, 'PUT', '/api/admin/desk-settings', roles.admin, { ...settings, claimIdleMinutes: 5 });
    expect(set.statusCode).toBe(200);
    expect(set.json().claimIdleMinutes).toBe(5);

    const ticket = await paid();
    const taken = (await claim(ticket.id, roles.operator)).json();
    expect(Date.parse(taken.claim.expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    // Six minutes without the holder acting on it: nobody holds it any more.
    await ctx.database.db
      .update(ticketClaims)
      .set({ touchedAt: sql`now() - interval '6 minutes'` })
      .where(eq(ticketClaims.ticketId, ticket.id));
    expect((await call(ctx, 'GET', `/api/admin/tickets/${ticket.id}`, second.headers)).json().claim).toBeNull();
    expect((await freeze(ticket.id, second.headers)).statusCode).toBe(200);
    // …and a lapsed claim is taken without a take-over.
    expect((await claim(ticket.id, second.headers)).json().claim).toMatchObject({ mine: true });
    const dropped = await call(ctx, 'DELETE', `/api/admin/tickets/${ticket.id}/claim`, second.headers);
    expect(dropped.json().claim).toBeNull();
    await call(ctx, 'PUT', '/api/admin/desk-settings', roles.admin, { ...settings });
  });

  it('gives a ticket two operators race for to exactly one of them', async () => {
    for (let round = 0; round < 5; round += 1) {
      const ticket = await paid();
      const results = await Promise.all([claim(ticket.id, roles.operator), claim(ticket.id, second.headers)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const winner = results.find((r) => r.statusCode === 200)!.json().claim.operator;
      const [row] = await ctx.database.db.select().from(ticketClaims).where(eq(ticketClaims.ticketId, ticket.id));
      const holder = (await call(ctx, 'GET', `/api/admin/tickets/${ticket.id}`, roles.operator)).json().claim;
      expect(holder.operator).toBe(winner);
      expect(row!.operatorId).toBe(holder.operatorId);
    }
  });

  it('refuses the desk settings to operators and a red line before the amber one', async () => {
    expect((await call(ctx, 'GET', '/api/admin/desk-settings', roles.operator)).statusCode).toBe(403);
    const settings = (await call(ctx, 'GET', '/api/admin/desk-settings', roles.admin)).json();
    const bad = await call(
      ctx,
      'PUT',
      '/api/admin/desk-settings',
      { ...roles.admin, 'accept-language': 'en' },
      { ...settings, sla: { ...settings.sla, new: { amber: 30, red: 20 } } },
    );
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Red must come after amber');
  });
});
