import { expect, type APIRequestContext } from '@playwright/test';
import { randomAddress } from './addresses';
import { operatorSession } from './two-factor';

export type Lang = 'ru' | 'en';

/** A name no other test, worker or earlier run has used. */
export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const TON_ADDRESS = 'UQCH2ds1UJ6upEQohJipcKpnqlTlWAwaVSPpUf62Ux3Lg7y4';

export interface CreatedTicket {
  id: string;
  number: number;
  status: string;
  paymentDeadline: string | null;
  createdAt: string;
}

interface TicketOrder {
  give: string;
  get: string;
  sum: string;
  direction?: 'sell' | 'buy';
  requisites: { give?: Record<string, string>; get: Record<string, string> };
  email?: string;
  lang?: Lang;
  token?: string;
}

/** A ticket made the way the web client makes one: a quote, then create with its sums and token. */
export async function createTicketByApi(request: APIRequestContext, order: TicketOrder): Promise<CreatedTicket> {
  const direction = order.direction ?? 'sell';
  // Each ticket from a client (an address) of its own: open tickets are limited per address.
  const headers: Record<string, string> = { 'accept-language': order.lang ?? 'ru', 'x-forwarded-for': randomAddress() };
  if (order.token) headers.authorization = `Bearer ${order.token}`;
  const quote = await request.post('/api/v1/Exchange/calculate', {
    headers,
    form: { giveName: order.give, getName: order.get, sum: order.sum, direction },
  });
  expect(quote.status(), await quote.text()).toBe(200);
  const { giveSum, getSum, quoteToken } = (await quote.json()) as Record<string, string>;
  const created = await request.post('/api/v1/Tickets/create', {
    headers,
    data: {
      giveName: order.give,
      getName: order.get,
      giveSum,
      getSum,
      calcDirection: direction,
      quoteToken,
      email: order.email ?? `${unique('client')}@obmen.test`,
      requisites: { give: order.requisites.give ?? {}, get: order.requisites.get },
      agreeAml: true,
      agreeRules: true,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()) as CreatedTicket;
}

/**
 * A create body as a client would send it after its quote: the side left at '0' (the one the
 * server computes) is filled in from a real quote, so the server finds the sums it would give.
 */
export async function createQuotedTicket(
  request: APIRequestContext,
  body: Record<string, unknown> & { giveName: string; getName: string; giveSum: string; getSum: string },
  headers: Record<string, string> = {},
): Promise<CreatedTicket> {
  const direction = body.giveSum === '0' ? 'buy' : 'sell';
  const quote = await request.post('/api/v1/Exchange/calculate', {
    headers,
    form: {
      giveName: body.giveName,
      getName: body.getName,
      sum: direction === 'buy' ? body.getSum : body.giveSum,
      direction,
    },
  });
  expect(quote.status(), await quote.text()).toBe(200);
  const { giveSum, getSum } = (await quote.json()) as Record<string, string>;
  const created = await request.post('/api/v1/Tickets/create', {
    // A client of its own unless the caller says whose (open tickets are limited per address).
    headers: { 'x-forwarded-for': randomAddress(), ...headers },
    data: { agreeAml: true, agreeRules: true, calcDirection: direction, ...body, giveSum, getSum },
  });
  expect(created.status(), await created.text()).toBe(200);
  return (await created.json()) as CreatedTicket;
}

/** Tether to bitcoin: no card check, straight to payment. */
export const coinTicket = (request: APIRequestContext, extra: Partial<TicketOrder> = {}) =>
  createTicketByApi(request, {
    give: 'USDTTRC20',
    get: 'BTC',
    sum: '0.01',
    direction: 'buy',
    requisites: { get: { walletAddress: BTC_ADDRESS } },
    ...extra,
  });

/** The e2e operator (playwright.config.ts), signed in with two-factor authentication by console.setup.ts. */
export async function operatorToken(_request?: APIRequestContext): Promise<string> {
  return operatorSession().token;
}

/** An operator's action on a ticket, through the console's API (design §5). */
export async function operatorActs(request: APIRequestContext, ticketId: string, action: string, body: object = {}) {
  const token = await operatorToken(request);
  const res = await request.post(`/api/admin/tickets/${ticketId}/${action}`, {
    headers: { authorization: `Bearer ${token}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** What the converter hands to ticket creation (apps/web/src/lib/exchange-draft.ts), for a page to find. */
export function draftScript(draft: {
  giveName: string;
  getName: string;
  giveSum: string;
  getSum: string;
  direction: 'sell' | 'buy';
}) {
  return `localStorage.setItem('exchangeDraft', ${JSON.stringify(
    JSON.stringify({ ...draft, useFixed: false, promocode: '', quote: null, savedAt: Date.now() }),
  )});`;
}

/** A real 16×10 PNG: what the server re-encodes as a card photo. */
export const CARD_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAKCAIAAAAy3EnLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFUlEQVQYlWNQXGBBEmIY1bBgSIYSAOxWm6HlrtlzAAAAAElFTkSuQmCC',
  'base64',
);
