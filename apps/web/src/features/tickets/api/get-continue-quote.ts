import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContinueQuote } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiGet } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/** GET /api/v1/Tickets/{id}/continue: the current rate for what arrived, shown before the client accepts it. */
export function getContinueQuote(id: string, lang: Lang, signal?: AbortSignal): Promise<ContinueQuote> {
  return apiGet<ContinueQuote>({ path: `/api/v1/Tickets/${encodeURIComponent(id)}/continue`, lang }, signal);
}

export const continueQuoteOptions = (id: string, lang: Lang, enabled: boolean) =>
  queryOptions({
    queryKey: ticketKeys.continueQuote(id, lang),
    queryFn: ({ signal }) => getContinueQuote(id, lang, signal),
    enabled,
    // An amount out of the direction's limits answers the same when asked again.
    retry: false,
    staleTime: 0,
  });

export function useContinueQuote(id: string, lang: Lang, enabled: boolean) {
  return useQuery(continueQuoteOptions(id, lang, enabled));
}
