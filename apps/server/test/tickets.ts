import sharp from 'sharp';
import { toAmount } from '@obmen/shared';
import type { TestContext } from './test-app';

export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const TRON_ADDRESS = 'TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H';
export const SBER_CARD = '2202 2000 0000 0008';
export const OTHER_CARD = '2202 2000 0000 0016';

/**
 * A ticket payload for coins to coins (no card check): USDT TRC20 → BTC, buying `getSum` bitcoin.
 * The side the server computes is '0' here; `createTicket` fills it in as a client would from its quote.
 */
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

interface SumsPayload {
  giveName: string;
  getName: string;
  giveSum: string;
  getSum: string;
  calcDirection: 'sell' | 'buy';
  useFixed?: boolean;
  promocode?: string;
}

/**
 * The payload with the computed side's '0' replaced by the current quote's amount for the asking
 * user, the way the web client sends what it last showed. Anything the quote refuses (below the minimum…) is left for the
 * server to refuse.
 */
export async function withQuotedSums(
  ctx: TestContext,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const p = payload as SumsPayload;
  const computedSide = p.calcDirection === 'sell' ? 'getSum' : 'giveSum';
  if (typeof p !== 'object' || p === null || p[computedSide] !== '0') return payload;
  try {
    const token = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    const user = (token && (await ctx.app.services.accounts.userByToken(token))) || null;
    const { pair, sums } = await ctx.app.services.exchange.computeQuote({
      giveCode: p.giveName,
      getCode: p.getName,
      sum: p.calcDirection === 'sell' ? p.giveSum : p.getSum,
      direction: p.calcDirection,
      fixed: p.useFixed ?? false,
      promocode: p.promocode,
      user,
      skipReserveCheck: true,
    });
    const filled =
      computedSide === 'getSum'
        ? toAmount(sums.getSum, pair.get.row.scale, 'down')
        : toAmount(sums.giveSum, pair.give.row.scale, 'up');
    return { ...p, [computedSide]: filled };
  } catch {
    return payload;
  }
}

/** Creates a ticket through the API, from `remoteAddress` (open tickets are limited per address). */
export async function createTicket(
  ctx: TestContext,
  payload: unknown,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  const body = (await withQuotedSums(ctx, payload, headers)) as object;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/Tickets/create',
    payload: body,
    headers,
    ...(remoteAddress && { remoteAddress }),
  });
}

/** A small card photo (PNG, with EXIF the server must strip). */
export const cardPhoto = () =>
  sharp({ create: { width: 64, height: 40, channels: 3, background: '#21a038' } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
    .toBuffer();

/** Sends a card photo for a ticket as the web client does: multipart with one `image` part. */
export function uploadCardPhoto(
  ctx: TestContext,
  ticketId: string,
  body: Buffer,
  { filename = 'card.jpg', headers = {} }: { filename?: string; headers?: Record<string, string> } = {},
) {
  const boundary = '----obmen-upload';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/CardCheck/uploadimage?ticketId=${ticketId}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
    payload: Buffer.concat([head, body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}
