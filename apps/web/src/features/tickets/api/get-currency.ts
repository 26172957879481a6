import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Currency } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/** GET /api/v1/Exchange/get_currency/{x}: the name, icon and scale shown beside an amount. */
export function getCurrency(code: string, lang: Lang, signal?: AbortSignal): Promise<Currency> {
  return apiRequest<Currency>(`/api/v1/Exchange/get_currency/${encodeURIComponent(code)}`, {
    lang,
    ...(signal && { signal }),
  });
}

export function useCurrency(code: string, lang: Lang) {
  return useQuery(
    queryOptions({
      queryKey: ticketKeys.currency(code, lang),
      queryFn: ({ signal }) => getCurrency(code, lang, signal),
      staleTime: 5 * 60_000,
    }),
  );
}
