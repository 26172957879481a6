import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoCode } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { promoKeys } from './query-keys';

/** GET /api/v1/Promo/getactivepromocodes: the codes the user can still use. */
export function getActivePromoCodes(signal?: AbortSignal): Promise<PromoCode[]> {
  return apiRequest<PromoCode[]>('/api/v1/Promo/getactivepromocodes', signal ? { signal } : {});
}

export const activePromoCodesQueryOptions = (owner: string) =>
  queryOptions({
    queryKey: promoKeys.active(owner),
    queryFn: ({ signal }) => getActivePromoCodes(signal),
  });

export function useActivePromoCodes(owner: string) {
  return useQuery(activePromoCodesQueryOptions(owner));
}
