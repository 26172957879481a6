import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createUser } from '../../../test/users';
import { users } from '../../db/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
});
afterAll(() => ctx.close());

describe('GET /api/v1/Ref/visit/{x}', () => {
  it('counts each visitor of a referral link once', async () => {
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
    expect(await ctx.app.services.referral.visits(row!.id)).toBe(3);
  });

  it('answers an unknown number the same way and refuses what is no number', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/Ref/visit/987654321' })).statusCode).toBe(204);
    const bad = await ctx.app.inject({ url: '/api/v1/Ref/visit/abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ parameterErrors: [{ name: 'x', messages: ['Неверное значение'] }] });
  });
});
