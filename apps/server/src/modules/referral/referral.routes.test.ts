import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser } from '../../../test/users';
import { refVisits, users } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

describe('GET /api/v1/Ref/visit/{x}', () => {
  it('counts each visitor address once a day, whatever browser it says it is', async () => {
    const referrer = await createUser(ctx);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.username, referrer.username));
    const visit = (ip: string, agent: string) =>
      ctx.app.inject({
        url: `/api/v1/Ref/visit/${row!.refNumber}`,
        remoteAddress: ip,
        headers: { 'user-agent': agent },
      });
    for (const [ip, agent] of [
      ['198.51.100.1', 'Firefox'],
      ['198.51.100.1', 'Firefox'],
      ['198.51.100.1', 'Chrome'],
      ['198.51.100.2', 'Firefox'],
    ] as const) {
      expect((await visit(ip, agent)).statusCode).toBe(204);
    }
    // A script cycling its User-Agent from one address is one visitor (issue 33).
    for (let i = 0; i < 20; i += 1) await visit('198.51.100.3', `Agent ${i}`);
    expect(await ctx.app.services.referral.visits(row!.id)).toBe(3);
    // The next day (UTC) the same address counts again.
    await ctx.database.db
      .update(refVisits)
      .set({ day: sql`${refVisits.day} - 1` })
      .where(eq(refVisits.referrerId, row!.id));
    expect((await visit('198.51.100.1', 'Firefox')).statusCode).toBe(204);
    expect(await ctx.app.services.referral.visits(row!.id)).toBe(4);
  });

  it('answers an unknown number the same way and refuses what is no number', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/Ref/visit/987654321' })).statusCode).toBe(204);
    const bad = await ctx.app.inject({ url: '/api/v1/Ref/visit/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ parameterErrors: [{ name: 'x', messages: ['Неверное значение'] }] });
  });
});
