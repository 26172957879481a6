import { keepPreviousData, queryOptions, type Query } from '@tanstack/react-query';
import type { Quote, QuoteRequest } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest, signedIn } from '../../../lib/api-client';
import { answeredByPage, readThrough } from '../../../lib/query-client';
import { converterKeys } from './query-keys';

export type { QuoteRequest };

export interface TimedQuote {
  quote: Quote;
  /** When to ask again, on this device's clock: the quote's lifetime counted from when it was asked for. */
  deadline: number;
  lifetimeMs: number;
}

/** With no expiry known, the converter asks again after a second (spec §4). */
export const NO_EXPIRY_RECALC_MS = 1_000;

/**
 * POST /api/v1/Exchange/calculate. The deadline is measured on this device from the lifetime the
 * server gives, so a clock that is minutes off still refreshes the quote in time.
 */
const CALCULATE_PATH = '/api/v1/Exchange/calculate';

const quoteForm = (request: QuoteRequest) => ({
  giveName: request.give,
  getName: request.get,
  sum: request.sum,
  direction: request.direction,
  useFixedDirection: request.fixed,
  promocode: request.promocode || null,
});

function timed(quote: Quote, sentAt: number): TimedQuote {
  const lifetimeMs =
    Number.isInteger(quote.expiresIn) && quote.expiresIn > 0 ? quote.expiresIn * 1000 : NO_EXPIRY_RECALC_MS;
  return { quote, deadline: sentAt + lifetimeMs, lifetimeMs };
}

/** POST /api/v1/Exchange/calculate over HTTP. */
export const askQuote = (request: QuoteRequest, lang: Lang, signal?: AbortSignal): Promise<Quote> =>
  apiRequest<Quote>(CALCULATE_PATH, { method: 'POST', form: quoteForm(request), lang, ...(signal && { signal }) });

export async function calculate(request: QuoteRequest, lang: Lang, signal?: AbortSignal): Promise<TimedQuote> {
  const sentAt = Date.now();
  return timed(await askQuote(request, lang, signal), sentAt);
}

type QuoteQuery = Query<TimedQuote, Error, TimedQuote, readonly unknown[]>;

/** Milliseconds until the last good answer runs out; false after a failure, which is not retried by the clock. */
function untilExpiry(query: QuoteQuery): number | false {
  const { data, error, errorUpdatedAt, dataUpdatedAt } = query.state;
  if (!data || (error && errorUpdatedAt >= dataUpdatedAt)) return false;
  // Never 0: TanStack reads an interval of 0 as "off".
  return Math.max(data.deadline - Date.now(), 50);
}

const samePair = (a: readonly unknown[] | undefined, request: QuoteRequest) => {
  const previous = a?.[2] as QuoteRequest | undefined;
  return previous?.give === request.give && previous.get === request.get && previous.direction === request.direction;
};

export const quoteQueryOptions = (request: QuoteRequest, lang: Lang) =>
  queryOptions({
    queryKey: converterKeys.quote(request, lang),
    queryFn: async ({ client, signal }) => {
      const sentAt = Date.now();
      return timed(await readThrough(client, 'quote', askQuote)(request, lang, signal), sentAt);
    },
    // A quote is good until its deadline; then the timer asks again (spec §4).
    staleTime: (query) => untilExpiry(query) || 0,
    refetchInterval: untilExpiry,
    refetchIntervalInBackground: true,
    // Logging in or out elsewhere changes the discount: never reuse a quote across visits. The
    // page's own opening quote is this visit's, for a visitor (a user's carries their discount).
    refetchOnMount: (query) => (answeredByPage(query) && !signedIn() ? false : 'always'),
    retry: false,
    gcTime: 60_000,
    // While a new amount is priced, the last figure of the same pair stays on screen, dimmed.
    placeholderData: (previous, previousQuery) =>
      previous && samePair(previousQuery?.queryKey, request) ? keepPreviousData(previous) : undefined,
  });
