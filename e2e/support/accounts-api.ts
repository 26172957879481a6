import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { PASSWORD, signUpCode } from './accounts';
import { randomAddress } from './addresses';
import { createQuotedTicket } from './tickets';
import { operatorSession } from './two-factor';

/** The operator the e2e server is started with (playwright.config.ts). */
export const OPERATOR = { username: 'operator@obmen.test', password: 'E2e-Lantern-Harbor-58!' };

const TRON_ADDRESS = 'TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H';

export interface ApiUser {
  username: string;
  email: string;
  token: string;
  headers: Record<string, string>;
}

/** A name no other test, worker or earlier run has used. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** Registers a user through the real API, as a referral of `refId` when given. */
export async function registerUser(request: APIRequestContext, prefix: string, refId?: number): Promise<ApiUser> {
  const username = uniqueName(prefix);
  const email = `${username.replace(/_/g, '.')}@obmen.test`;
  // Each referral is another person on another address (the server trusts its proxy's header);
  // from one address the per-address sign-up limit would stop the suite, as it should stop a bot.
  const headers = { 'x-forwarded-for': randomAddress() };
  const response = await request.post('/register', {
    headers,
    form: {
      username,
      email,
      emailCode: await signUpCode(request, email, headers),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      agree: 'true',
      ...(refId !== undefined && { refId: String(refId) }),
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  const token = ((await response.json()) as { user: { access_token: string } }).user.access_token;
  return { username, email, token, headers: { authorization: `Bearer ${token}` } };
}

/** The operator's Bearer header: the session console.setup.ts opened with two-factor authentication. */
export async function operatorHeaders(_request?: APIRequestContext): Promise<Record<string, string>> {
  return { authorization: `Bearer ${operatorSession().token}` };
}

/** The user's number in referral links (`?r=`). */
export async function refNumberOf(request: APIRequestContext, user: ApiUser): Promise<number> {
  const response = await request.get('/api/v1/Ref/summary', { headers: user.headers });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { refId: number }).refId;
}

/**
 * A ticket of the user (0.3 ETH → USDT TRC20: no card check, a big reserve) taken to success by
 * the operator through the console's API, the way a real exchange ends.
 */
export async function succeedTicket(
  request: APIRequestContext,
  user: ApiUser,
  operator: Record<string, string>,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; number: number }> {
  const ticket = await createQuotedTicket(
    request,
    {
      giveName: 'ETH',
      getName: 'USDTTRC20',
      giveSum: '0.3',
      getSum: '0',
      email: user.email,
      requisites: { give: {}, get: { walletAddress: TRON_ADDRESS } },
      ...extra,
    },
    user.headers,
  );
  for (const action of ['markPaid', 'complete'] as const) {
    const done = await request.post(`/api/admin/tickets/${ticket.id}/${action}`, {
      headers: operator,
      // A coin payout is completed with its transaction's hash (64 hex digits on TRON), each its own.
      data: action === 'complete' ? { payoutReference: randomBytes(32).toString('hex') } : {},
    });
    expect(done.status(), await done.text()).toBe(200);
  }
  return ticket;
}

/** Opens the app already logged in as the user (the token where the app keeps it). */
export async function logInAs(page: Page, user: ApiUser): Promise<void> {
  await page.addInitScript((token) => {
    // Only on the first load: a test that logs out must stay logged out after a reload.
    if (!sessionStorage.getItem('e2e-logged-in')) {
      localStorage.setItem('access_token', token);
      sessionStorage.setItem('e2e-logged-in', '1');
    }
  }, user.token);
}
