import { and, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { outbox, users } from '../src/db/schema';
import type { TestContext } from './test-app';

export const TEST_PASSWORD = 'Tr0ub4dor&Zebra';
let seq = 0;

/** The authenticator app of a test: the code of a secret, of this step or (`stepsAhead`) a later one. */
export function totpCode(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + stepsAhead * totp.period * 1000 });
}

/** Turns two-factor authentication on through the API, as the settings page does; returns the secret. */
export async function enrolTwoFactor(ctx: TestContext, headers: Record<string, string>) {
  const started = await ctx.app.inject({ method: 'POST', url: '/api/v1/User/2fa/start', headers });
  if (started.statusCode !== 200) throw new Error(`2fa start failed: ${started.body}`);
  const { secret } = started.json() as { secret: string };
  const confirmed = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/User/2fa/confirm',
    headers,
    payload: { code: totpCode(secret), password: TEST_PASSWORD },
  });
  if (confirmed.statusCode !== 200) throw new Error(`2fa confirm failed: ${confirmed.body}`);
  return { secret, recoveryCodes: (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** The newest sign-up code mailed to an e-mail, read from the outbox as the person would read the mail. */
export async function mailedRegisterCode(ctx: TestContext, email: string): Promise<string | undefined> {
  const [mail] = await ctx.database.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'register_code')))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return mail?.text.match(/\b\d{6}\b/)?.[0];
}

/** Asks for a sign-up code as the register form does, from `remoteAddress` when given, and reads it. */
export async function registerCode(ctx: TestContext, email: string, remoteAddress?: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/register/code',
    payload: { email },
    ...(remoteAddress && { remoteAddress }),
  });
  const code = res.statusCode === 200 ? await mailedRegisterCode(ctx, email) : undefined;
  if (!code) throw new Error(`no sign-up code for ${email}: ${res.statusCode} ${res.body}`);
  return code;
}

/**
 * Registers a user through the API (and gives it a role directly, when asked); returns its token.
 * Staff get two-factor authentication on, as the console asks of them.
 */
export async function createUser(ctx: TestContext, role: 'user' | 'operator' | 'admin' = 'user') {
  seq += 1;
  const username = `${role}${Date.now().toString(36)}${seq}`;
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
    },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  if (role !== 'user') await ctx.database.db.update(users).set({ role }).where(eq(users.username, username));
  const token = res.json().user.access_token as string;
  const headers = { authorization: `Bearer ${token}` };
  const totpSecret = role === 'user' ? null : (await enrolTwoFactor(ctx, headers)).secret;
  return { username, token, headers, totpSecret };
}
