import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Lang } from '@obmen/shared/i18n';
import { calculate } from '../api/calculate';
import { ticketKeys } from '../api/query-keys';

export interface LiveQuoteParams {
  giveName: string;
  getName: string;
  /** The amount the visitor typed: the give side for `sell`, the get side for `buy`. */
  sum: string;
  direction: 'sell' | 'buy';
  useFixed: boolean;
  promocode: string;
}

/** With no expiry known, ask again after a second (spec §4). */
const FALLBACK_REQUOTE_MS = 1_000;

/**
 * The exchange priced now, asked again the moment the quote expires (spec §4), so the numbers
 * on screen are always ones the server will honour. The previous numbers stay while a new
 * quote is on its way.
 */
export function useLiveQuote(params: LiveQuoteParams, lang: Lang) {
  return useQuery({
    queryKey: ticketKeys.quote({ ...params, lang }),
    queryFn: ({ signal }) =>
      calculate(
        {
          giveName: params.giveName,
          getName: params.getName,
          sum: params.sum,
          direction: params.direction,
          useFixedDirection: params.useFixed,
          ...(params.promocode && { promocode: params.promocode }),
        },
        lang,
        signal,
      ),
    placeholderData: keepPreviousData,
    retry: false,
    gcTime: 0,
    refetchInterval: (query) => {
      const received = query.state.data;
      if (!received) return false;
      const left = Date.parse(received.quote.expireTime) - Date.now();
      return Number.isFinite(left) ? Math.max(FALLBACK_REQUOTE_MS, left) : FALLBACK_REQUOTE_MS;
    },
  });
}

/** When the quote runs out on this device's clock, and the span it covers, for a countdown ring. */
export function quoteDeadline(expireTime: string, receivedAt: number): { deadline: number; totalMs: number } {
  const expires = Date.parse(expireTime);
  // A clock far off the server's would show nonsense; fall back to the usual half-minute.
  const total = Number.isFinite(expires) ? expires - receivedAt : NaN;
  const totalMs = total > 0 && total <= 3_600_000 ? total : 30_000;
  return { deadline: receivedAt + totalMs, totalMs };
}
