import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Currency, CurrencySide } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiGet, type GetCall } from '../../../lib/api-client';
import { converterKeys } from './query-keys';
import { readThrough } from '../../../lib/query-client';

/** GET /api/v1/Exchange/get_currencies/{give|get}: the converter's lists, names in the page's language. */
const currenciesCall = (side: CurrencySide, lang: Lang): GetCall => ({
  path: `/api/v1/Exchange/get_currencies/${side}`,
  lang,
});

export function getCurrencies(side: CurrencySide, lang: Lang, signal?: AbortSignal): Promise<Currency[]> {
  return apiGet<Currency[]>(currenciesCall(side, lang), signal);
}

export const currenciesQueryOptions = (side: CurrencySide, lang: Lang) =>
  queryOptions({
    queryKey: converterKeys.currencies(side, lang),
    queryFn: ({ client, signal }) => readThrough(client, 'currencies', getCurrencies)(side, lang, signal),
    staleTime: 60_000,
  });

export function useCurrencies(side: CurrencySide, lang: Lang) {
  return useQuery(currenciesQueryOptions(side, lang));
}
