import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { createUser, enrolTwoFactor, TEST_PASSWORD } from '../../../test/users';
import { outbox, referralBalances, referralPayouts, users } from '../../db/schema';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  ctx = await createTestApp();
  roles = await consoleRoles(ctx);
});
afterAll(() => ctx.close());

const idOf = async (username: string) =>
  (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

describe('users', () => {
  it('finds users by name or e-mail and by role, with their ticket count', async () => {
    const user = await createUser(ctx);
    await createTicket(ctx, usdtToBtc('0.01', { email: `${user.username}@example.com` }), user.headers);
    const res = await call(ctx, 'GET', `/api/admin/users?q=${user.username}`, roles.admin);
    expect(res.json()).toMatchObject({ total: 1, items: [{ username: user.username, role: 'user', tickets: 1 }] });
    const operators = await call(ctx, 'GET', '/api/admin/users?role=operator', roles.admin);
    expect(operators.json().items.map((u: { username: string }) => u.username)).toContain(roles.operatorName);
  });

  it('makes a user an operator, who then reaches the desk once two-factor authentication is on; audited', async () => {
    const user = await createUser(ctx);
    expect((await call(ctx, 'GET', '/api/admin/tickets', user.headers)).statusCode).toBe(403);
    const res = await call(ctx, 'PATCH', `/api/admin/users/${await idOf(user.username)}`, roles.admin, {
      role: 'operator',
    });
    expect(res.json()).toMatchObject({ username: user.username, role: 'operator', blocked: false });
    expect((await call(ctx, 'GET', '/api/admin/tickets', user.headers)).json().error.code).toBe('two_factor_required');
    await enrolTwoFactor(ctx, user.headers);
    expect((await call(ctx, 'GET', '/api/admin/tickets', user.headers)).statusCode).toBe(200);
    const [audit] = await auditOf(ctx, 'users', user.username);
    expect(audit).toMatchObject({ before: { role: 'user' }, after: { role: 'operator' }, actorName: roles.adminName });
  });

  it('blocks a user: their sessions end and they cannot log in; unblocking lets them back', async () => {
    const victim = await createUser(ctx);
    const id = await idOf(victim.username);
    await call(ctx, 'PATCH', `/api/admin/users/${id}`, roles.admin, { blocked: true });
    expect((await ctx.app.inject({ url: '/api/v1/User/info', headers: victim.headers })).statusCode).toBe(401);
    const login = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/token',
        payload: { username: victim.username, password: TEST_PASSWORD },
      });
    expect((await login()).json().parameterErrors[0].messages[0]).toBe('Аккаунт заблокирован. Напишите в поддержку');
    expect((await auditOf(ctx, 'users', victim.username))[0]).toMatchObject({ action: 'block' });
    await call(ctx, 'PATCH', `/api/admin/users/${id}`, roles.admin, { blocked: false });
    expect((await login()).statusCode).toBe(200);
  });

  it('turns off the 2FA of a user who lost the authenticator: audited, sessions ended, mailed in their language (issue 42)', async () => {
    const user = await createUser(ctx);
    await enrolTwoFactor(ctx, user.headers);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/User/change_lang',
      headers: user.headers,
      payload: { lang: 'en-US' },
    });
    const id = await idOf(user.username);
    const found = await call(ctx, 'GET', `/api/admin/users?q=${user.username}`, roles.admin);
    expect(found.json().items[0]).toMatchObject({ username: user.username, twoFactor: true });
    const url = `/api/admin/users/${id}/reset-two-factor`;
    expect((await call(ctx, 'POST', url, roles.operator)).statusCode).toBe(403);

    const res = await call(ctx, 'POST', url, roles.admin);
    expect(res.json()).toEqual({ id, username: user.username, twoFactor: false });
    expect((await ctx.app.inject({ url: '/api/v1/User/info', headers: user.headers })).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/token',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const [audit] = await auditOf(ctx, 'users', user.username);
    expect(audit).toMatchObject({
      action: 'reset_two_factor',
      actorName: roles.adminName,
      before: { twoFactor: true },
      after: { twoFactor: false },
    });
    const [mail] = await ctx.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, `${user.username}@example.com`), eq(outbox.kind, 'two_factor_reset')));
    expect(mail).toMatchObject({ lang: 'en', subject: 'Obmen: two-factor authentication was turned off' });

    const me = await call(ctx, 'POST', `/api/admin/users/${await idOf(roles.adminName)}/reset-two-factor`, roles.admin);
    expect(me.statusCode).toBe(409);
  });

  it('does not let an admin change their own role or block themselves', async () => {
    const me = await idOf(roles.adminName);
    const res = await call(ctx, 'PATCH', `/api/admin/users/${me}`, roles.admin, { role: 'user' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Свою роль и блокировку меняет другой администратор');
    expect((await call(ctx, 'GET', '/api/admin/users', roles.admin)).statusCode).toBe(200);
  });
});

describe('promo codes', () => {
  it('issues codes to a user found by e-mail; they see them; the list shows owner and state', async () => {
    const user = await createUser(ctx);
    const res = await call(ctx, 'POST', '/api/admin/promo-codes', roles.admin, {
      username: `${user.username}@example.com`,
      count: '2',
      valueRub: '100',
      minRub: '5000',
      expiresAt: '2099-12-31',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
    expect(res.json()[0]).toMatchObject({
      valueRub: '100',
      minRub: '5000',
      status: 'active',
      expiresAt: '2099-12-31T23:59:59.000Z',
    });
    const mine = await ctx.app.inject({ url: '/api/v1/Promo/getactivepromocodes', headers: user.headers });
    expect(
      mine
        .json()
        .map((p: { code: string }) => p.code)
        .sort(),
    ).toEqual(
      res
        .json()
        .map((p: { code: string }) => p.code)
        .sort(),
    );
    const listed = await call(ctx, 'GET', `/api/admin/promo-codes?q=${user.username}`, roles.admin);
    expect(listed.json().items).toHaveLength(2);
    expect(listed.json().items[0]).toMatchObject({ username: user.username, status: 'active', ticketNumber: null });
    const [audit] = await auditOf(ctx, 'promo-codes');
    expect(audit!.after).toMatchObject({ count: 2, valueRub: '100', codes: expect.any(Array) });
  });

  it('issues an unassigned batch, and refuses an unknown user by name', async () => {
    const batch = await call(ctx, 'POST', '/api/admin/promo-codes', roles.admin, { count: 25 });
    expect(batch.json()).toHaveLength(25);
    expect(new Set(batch.json().map((p: { code: string }) => p.code)).size).toBe(25);
    expect(batch.json()[0]).toMatchObject({ username: null, valueRub: '50', minRub: '3000' });
    const unknown = await call(ctx, 'POST', '/api/admin/promo-codes', roles.admin, { username: 'nobody-here' });
    expect(unknown.json().parameterErrors).toEqual([{ name: 'username', messages: ['Пользователь не найден'] }]);
    const active = await call(ctx, 'GET', '/api/admin/promo-codes?status=active&perPage=100', roles.admin);
    expect(active.json().total).toBeGreaterThanOrEqual(25);
  });
});

describe('referral payouts', () => {
  /** A partner who asked to withdraw $12.50 of a $20 balance: the request has taken it already. */
  async function pendingPayout() {
    const partner = await createUser(ctx);
    const userId = await idOf(partner.username);
    await ctx.database.db.insert(referralBalances).values({ userId, balanceUsd: '7.5' });
    const [payout] = await ctx.database.db
      .insert(referralPayouts)
      .values({
        userId,
        currencyCode: 'USDTTRC20',
        sum: '12.5',
        amountUsd: '12.5',
        requisite: 'TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H',
      })
      .returning();
    const balance = async () =>
      (await ctx.database.db.select().from(referralBalances).where(eq(referralBalances.userId, userId)))[0]!.balanceUsd;
    return { partner, payout: payout!, balance };
  }

  it('lists waiting requests; approves, then marks paid with a reference the partner sees; audited', async () => {
    const { partner, payout, balance } = await pendingPayout();
    const waiting = await call(ctx, 'GET', '/api/admin/payouts?status=pending', roles.operator);
    expect(waiting.json().items.find((p: { id: string }) => p.id === payout.id)).toMatchObject({
      username: partner.username,
      sum: '12.50',
      amountUsd: '12.50',
      status: 'pending',
      approvedAt: null,
    });
    const early = await call(ctx, 'POST', `/api/admin/payouts/${payout.id}/pay`, roles.operator, { reference: 'tx1' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Сначала одобрите выплату');

    const approved = await call(ctx, 'POST', `/api/admin/payouts/${payout.id}/approve`, roles.operator);
    expect(approved.json()).toMatchObject({ status: 'pending', approvedBy: roles.operatorName });
    const inApproved = await call(ctx, 'GET', '/api/admin/payouts?status=approved', roles.operator);
    expect(inApproved.json().items.map((p: { id: string }) => p.id)).toContain(payout.id);

    expect(
      (await call(ctx, 'POST', `/api/admin/payouts/${payout.id}/pay`, roles.operator, { reference: '' })).statusCode,
    ).toBe(400);
    const paid = await call(ctx, 'POST', `/api/admin/payouts/${payout.id}/pay`, roles.operator, {
      reference: '0xabc123',
    });
    expect(paid.json()).toMatchObject({ status: 'paid', reference: '0xabc123' });
    const seen = await ctx.app.inject({ url: '/api/v1/Ref/getpayouts', headers: partner.headers });
    expect(seen.json().items[0]).toMatchObject({ status: 'paid', reference: '0xabc123' });
    expect(await balance()).toBe('7.50000000');
    expect((await auditOf(ctx, 'payouts', payout.id)).map((a) => a.action)).toEqual(['pay', 'approve']);
    const twice = await call(ctx, 'POST', `/api/admin/payouts/${payout.id}/reject`, roles.operator, { reason: 'x' });
    expect(twice.statusCode).toBe(409);
  });

  it('rejects with a reason, returning the amount to the balance exactly once', async () => {
    const { partner, payout, balance } = await pendingPayout();
    const noReason = await call(ctx, 'POST', `/api/admin/payouts/${payout.id}/reject`, roles.operator, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await call(ctx, 'POST', `/api/admin/payouts/${payout.id}/reject`, roles.operator, {
      reason: 'Кошелёк в другой сети',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Кошелёк в другой сети' });
    expect(await balance()).toBe('20.00000000');
    const again = await call(ctx, 'POST', `/api/admin/payouts/${payout.id}/reject`, roles.operator, {
      reason: 'again',
    });
    expect(again.statusCode).toBe(409);
    expect(await balance()).toBe('20.00000000');
    const seen = await ctx.app.inject({ url: '/api/v1/Ref/getpayouts', headers: partner.headers });
    expect(seen.json().items[0]).toMatchObject({ status: 'rejected', reason: 'Кошелёк в другой сети' });
    expect((await auditOf(ctx, 'payouts', payout.id))[0]!.after).toMatchObject({ returnedUsd: '12.50' });
  });
});

describe('the outbox and the audit', () => {
  it('shows every mail, newest first, found by address', async () => {
    const email = `outbox.${Date.now()}@example.com`;
    await createTicket(ctx, usdtToBtc('0.01', { email }));
    const res = await call(ctx, 'GET', `/api/admin/outbox?q=${encodeURIComponent(email)}`, roles.operator);
    expect(res.json()).toMatchObject({
      total: 1,
      items: [{ toAddress: email, kind: 'ticket_advance', status: 'logged' }],
    });
    expect(res.json().items[0].text).toContain('/ticket/');
  });

  it('lists audit records newest first, filtered by resource and by who or what', async () => {
    await call(ctx, 'PUT', '/api/admin/reserves/SOL', roles.operator, { balance: '700' });
    const res = await call(ctx, 'GET', '/api/admin/audit?resource=reserves', roles.admin);
    expect(res.json().items[0]).toMatchObject({
      actorName: roles.operatorName,
      action: 'update',
      resource: 'reserves',
      resourceId: 'SOL',
      after: { balance: '700' },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const byActor = await call(ctx, 'GET', `/api/admin/audit?q=${roles.operatorName}`, roles.admin);
    expect(byActor.json().items.every((a: { actorName: string }) => a.actorName === roles.operatorName)).toBe(true);
  });
});
