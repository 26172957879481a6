// What the referral tests share (referral.*.test.ts): an app per file, partners, deals, their summary.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { registerCode, TEST_PASSWORD } from '../../../test/users';
import { users } from '../../db/schema';

export let ctx: TestContext;

/** One app for the test file that calls it. */
export function useReferralApp(): void {
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
}

let seq = 0;
export async function register(refId?: number) {
  seq += 1;
  const username = `partner${Date.now().toString(36)}${seq}`;
  const email = `${username}@example.com`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/register',
    payload: {
      username,
      email,
      emailCode: await registerCode(ctx, email),
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      agree: true,
      ...(refId && { refId: String(refId) }),
    },
  });
  const token = res.json().user.access_token as string;
  const [row] = await ctx.database.db.select().from(users).where(eq(users.username, username));
  return { username, row: row!, headers: { authorization: `Bearer ${token}` } };
}

/** A ticket of the user that goes all the way to success through the operator's steps. */
export async function succeed(headers: Record<string, string>, payload: object = usdtToBtc('0.01')) {
  const created = await createTicket(ctx, payload, headers);
  if (created.statusCode !== 200) throw new Error(`ticket refused: ${created.body}`);
  const ticket = created.json();
  if (ticket.status === 'card_check') {
    await ctx.app.services.tickets.transition(ticket.id, 'approveCard', { actor: 'operator:test' });
  }
  await ctx.app.services.tickets.transition(ticket.id, 'markPaid', { actor: 'operator:test' });
  await ctx.app.services.tickets.transition(ticket.id, 'complete', { actor: 'operator:test', payoutReference: 'tx-1' });
  return ticket as { id: string; give: { sum: string } };
}

export const summary = (headers: Record<string, string>, lang = 'ru') =>
  ctx.app.inject({ url: '/api/v1/Ref/summary', headers: { ...headers, 'accept-language': lang } });
