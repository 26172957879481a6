import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { operatorSession } from './two-factor';

export const PASSWORD = 'Qz7#mLp2-vRx';

/** A name and address no other test, worker or earlier run has used. */
export function newAccount(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return { username: `${prefix}_${id}`, email: `${prefix}.${id}@obmen.test` };
}

/** Registers through the real API and leaves the page logged in as that user (the token in storage). */
export async function logInAsNewUser(page: Page, request: APIRequestContext, prefix: string) {
  const account = newAccount(prefix);
  const response = await request.post('/register', {
    form: { ...account, password: PASSWORD, confirmPassword: PASSWORD, agree: 'true' },
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
