import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RefChargesPage } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { referralKeys } from './query-keys';

/** Rows per page of the charges and payouts tables (spec §9: page size 10). */
export const REFERRAL_PAGE_SIZE = 10;

/** GET /api/v1/Ref/getcharges: the rewards for referrals' tickets, newest first. */
export function getCharges(page: number, signal?: AbortSignal): Promise<RefChargesPage> {
  return apiRequest<RefChargesPage>('/api/v1/Ref/getcharges', {
    query: { page, perPage: REFERRAL_PAGE_SIZE },
    ...(signal && { signal }),
  });
}

export const chargesQueryOptions = (owner: string, page: number) =>
  queryOptions({
    queryKey: referralKeys.charges(owner, page),
    queryFn: ({ signal }) => getCharges(page, signal),
    // The previous page stays on screen while the next loads: the table does not jump.
    placeholderData: keepPreviousData,
  });

export function useCharges(owner: string, page: number) {
  return useQuery(chargesQueryOptions(owner, page));
}
