import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RefCurrency } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { referralKeys } from './query-keys';

/** GET /api/v1/Ref/getcurrencies: where a payout can go, with today's minimum and the balance in each. */
export function getPayoutCurrencies(lang: Lang, signal?: AbortSignal): Promise<RefCurrency[]> {
  return apiRequest<RefCurrency[]>('/api/v1/Ref/getcurrencies', { lang, ...(signal && { signal }) });
}

export const payoutCurrenciesQueryOptions = (owner: string, lang: Lang) =>
  queryOptions({
    queryKey: referralKeys.currencies(owner, lang),
    queryFn: ({ signal }) => getPayoutCurrencies(lang, signal),
    staleTime: 30_000,
  });

export function usePayoutCurrencies(owner: string, lang: Lang, enabled = true) {
  return useQuery({ ...payoutCurrenciesQueryOptions(owner, lang), enabled });
}
