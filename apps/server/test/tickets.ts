import type { TestContext } from './test-app';

export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const TRON_ADDRESS = 'TXk4hPbR8dN5e2QvYw3mZs7fLc6uJ9aGtB';
export const SBER_CARD = '2202 2000 0000 0008';
export const OTHER_CARD = '2202 2000 0000 0016';

/** A ticket payload for coins to coins (no card check): USDT TRC20 → BTC, buying `getSum` bitcoin. */
export function usdtToBtc(getSum = '0.01', extra: Record<string, unknown> = {}) {
  return {
    giveName: 'USDTTRC20',
    getName: 'BTC',
    giveSum: '0',
    getSum,
    calcDirection: 'buy',
    useFixed: false,
    email: 'client@example.com',
    requisites: { give: {}, get: { walletAddress: BTC_ADDRESS } },
    agreeAml: true,
    agreeRules: true,
    ...extra,
  };
}

/** Roubles from a Sberbank card to bitcoin: the card must be verified first. */
export function sberToBtc(giveSum = '10000', extra: Record<string, unknown> = {}) {
  return {
    giveName: 'SBERRUB',
    getName: 'BTC',
    giveSum,
    getSum: '0',
    calcDirection: 'sell',
    email: 'card.client@example.com',
    requisites: { give: { cardNumber: SBER_CARD, fullName: 'Иван Петров' }, get: { walletAddress: BTC_ADDRESS } },
    agreeAml: true,
    agreeRules: true,
    ...extra,
  };
}

export function createTicket(ctx: TestContext, payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url: '/api/v1/Tickets/create', payload: payload as object, headers });
}
