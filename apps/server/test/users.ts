import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import type { TestContext } from './test-app';

export const TEST_PASSWORD = 'Tr0ub4dor&Zebra';
let seq = 0;

/** Registers a user through the API (and gives it a role directly, when asked); returns its token. */
export async function createUser(ctx: TestContext, role: 'user' | 'operator' | 'admin' = 'user') {
  seq += 1;
  const username = `${role}${Date.now().toString(36)}${seq}`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/register',
    payload: {
      username,
      email: `${username}@example.com`,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      agree: true,
    },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  if (role !== 'user') await ctx.database.db.update(users).set({ role }).where(eq(users.username, username));
  const token = res.json().user.access_token as string;
  return { username, token, headers: { authorization: `Bearer ${token}` } };
}
