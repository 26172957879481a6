import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Discount } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { promoKeys } from './query-keys';

/** GET /api/v1/User/discount: the user's band, their successful turnover, the next band and the table. */
export function getDiscount(signal?: AbortSignal): Promise<Discount> {
  return apiRequest<Discount>('/api/v1/User/discount', signal ? { signal } : {});
}

export const discountQueryOptions = (owner: string) =>
  queryOptions({
    queryKey: promoKeys.discount(owner),
    queryFn: ({ signal }) => getDiscount(signal),
    staleTime: 60_000,
  });

export function useDiscount(owner: string) {
  return useQuery(discountQueryOptions(owner));
}
