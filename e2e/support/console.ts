import type { APIRequestContext, Page } from '@playwright/test';
import { BTC_ADDRESS, createQuotedTicket } from './tickets';
import { operatorSession, totpCode } from './two-factor';

export { BTC_ADDRESS };

/** The operator the e2e server starts with (playwright.config.ts: ADMIN_EMAIL / ADMIN_PASSWORD). */
export const OPERATOR = { login: 'operator@obmen.test', password: 'E2e-Lantern-Harbor-58!' };

/** An address no other test, worker or run has used. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@obmen.test`;

/** The operator's bearer token: the session console.setup.ts opened with two-factor authentication. */
export async function operatorToken(_request?: APIRequestContext): Promise<string> {
  return operatorSession().token;
}

/** A code of the operator's authenticator for a sign-in through the form (one step ahead: the setup used this one). */
export const operatorCode = () => totpCode(operatorSession().secret, 1);

/** Opens a console page already logged in (the token where the site keeps it), in a language. */
export async function openConsole(page: Page, path: string, token: string, lang: 'ru' | 'en' = 'ru') {
  await page.addInitScript(
    ([t, l]) => {
      localStorage.setItem('access_token', t);
      localStorage.setItem('lang', l);
    },
    [token, lang] as const,
  );
  await page.goto(path);
}

/** A visitor's ticket made through the public API, as the visitor pages would make it. */
export function createTicket(request: APIRequestContext, body: Parameters<typeof createQuotedTicket>[1]) {
  return createQuotedTicket(request, body);
}

/** USDT (TRC-20) for 0.01 BTC: no card check, straight to payment. */
export const coinTicket = (email: string) => ({
  giveName: 'USDTTRC20',
  getName: 'BTC',
  giveSum: '0',
  getSum: '0.01',
  calcDirection: 'buy',
  email,
  requisites: { give: {}, get: { walletAddress: BTC_ADDRESS } },
});

/** Roubles from a Sberbank card: a new owner's card must be checked first. */
export const cardTicket = (email: string) => ({
  giveName: 'SBERRUB',
  getName: 'BTC',
  giveSum: '10000',
  getSum: '0',
  calcDirection: 'sell',
  email,
  requisites: {
    give: { cardNumber: '2202 2000 0000 0008', fullName: 'Иван Петров' },
    get: { walletAddress: BTC_ADDRESS },
  },
});
