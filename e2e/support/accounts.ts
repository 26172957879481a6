import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { newestMail } from './mailbox';
import { operatorSession } from './two-factor';

export const PASSWORD = 'Qz7#mLp2-vRx';

/** A name and address no other test, worker or earlier run has used. */
export function newAccount(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return { username: `${prefix}_${id}`, email: `${prefix}.${id}@obmen.test` };
}

/**
 * Asks for a sign-up code as the register form does, and reads it from the mail as the person
 * would; `headers` as the sign-up after it sends them (its address, its language).
 */
export async function signUpCode(
  request: APIRequestContext,
  email: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const since = new Date(Date.now() - 1_000);
  const asked = await request.post('/register/code', { headers, form: { email } });
  expect(asked.status(), await asked.text()).toBe(200);
  const mail = await newestMail(email, { since });
  const code = mail.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no sign-up code in the mail "${mail.subject}":\n${mail.text}`);
  return code;
}

/** Registers through the real API and leaves the page logged in as that user (the token in storage). */
export async function logInAsNewUser(page: Page, request: APIRequestContext, prefix: string) {
  const account = newAccount(prefix);
  const emailCode = await signUpCode(request, account.email);
  const response = await request.post('/register', {
    form: { ...account, emailCode, password: PASSWORD, confirmPassword: PASSWORD, agree: 'true' },
  });
  expect(response.status()).toBe(200);
  const { user } = (await response.json()) as { user: { access_token: string } };
  const token = user.access_token;
  await page.addInitScript((value) => {
    if (!localStorage.getItem('access_token')) localStorage.setItem('access_token', value);
  }, token);
  return account;
}

/** The e2e operator's token (playwright.config.ts creates the operator, console.setup.ts signs it in). */
export async function operatorToken(_request?: APIRequestContext): Promise<string> {
  return operatorSession().token;
}
