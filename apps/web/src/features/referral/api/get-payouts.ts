import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RefPayoutsPage } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { REFERRAL_PAGE_SIZE } from './get-charges';
import { referralKeys } from './query-keys';

/** GET /api/v1/Ref/getpayouts: the user's withdrawal requests and what became of them, newest first. */
export function getPayouts(page: number, signal?: AbortSignal): Promise<RefPayoutsPage> {
  return apiRequest<RefPayoutsPage>('/api/v1/Ref/getpayouts', {
    query: { page, perPage: REFERRAL_PAGE_SIZE },
    ...(signal && { signal }),
  });
}

export const payoutsQueryOptions = (owner: string, page: number) =>
  queryOptions({
    queryKey: referralKeys.payouts(owner, page),
    queryFn: ({ signal }) => getPayouts(page, signal),
    placeholderData: keepPreviousData,
  });

export function usePayouts(owner: string, page: number) {
  return useQuery(payoutsQueryOptions(owner, page));
}
