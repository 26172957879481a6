import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoCodesPage } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { promoKeys } from './query-keys';

/** Rows per page of the history (spec §9: page size 10). */
export const PROMO_PAGE_SIZE = 10;

/** GET /api/v1/Promo/getpromocodes: every code of the user with its state and where it was used. */
export function getPromoCodes(page: number, signal?: AbortSignal): Promise<PromoCodesPage> {
  return apiRequest<PromoCodesPage>('/api/v1/Promo/getpromocodes', {
    query: { page, perPage: PROMO_PAGE_SIZE },
    ...(signal && { signal }),
  });
}

export const promoCodesQueryOptions = (owner: string, page: number) =>
  queryOptions({
    queryKey: promoKeys.list(owner, page),
    queryFn: ({ signal }) => getPromoCodes(page, signal),
    placeholderData: keepPreviousData,
  });

export function usePromoCodes(owner: string, page: number) {
  return useQuery(promoCodesQueryOptions(owner, page));
}
