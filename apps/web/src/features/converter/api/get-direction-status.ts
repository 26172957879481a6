import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type GetCall } from '../../../lib/api-client';
import { staleUnlessFromPage, readThrough } from '../../../lib/query-client';
import { converterKeys } from './query-keys';

/** GET /api/v1/Exchange/direction_status: true when the pair can be exchanged now. */
const statusCall = (give: string, get: string, fixed: boolean): GetCall => ({
  path: '/api/v1/Exchange/direction_status',
  query: { giveName: give, getName: get, useFixedDirection: fixed },
});

export function getDirectionStatus(give: string, get: string, fixed: boolean, signal?: AbortSignal): Promise<boolean> {
  return apiGet<boolean>(statusCall(give, get, fixed), signal);
}

// Asked again on every pair change (spec §4), and while the page stays open, so a closing is noticed.
export const directionStatusQueryOptions = (give: string, get: string, fixed: boolean) =>
  queryOptions({
    queryKey: converterKeys.status(give, get, fixed),
    queryFn: ({ client, signal }) =>
      readThrough(client, 'directionStatus', getDirectionStatus)(give, get, fixed, signal),
    staleTime: staleUnlessFromPage,
    refetchInterval: 30_000,
    retry: false,
  });

export function useDirectionStatus(pair: { give: string; get: string } | null, fixed: boolean) {
  return useQuery({
    ...directionStatusQueryOptions(pair?.give ?? '', pair?.get ?? '', fixed),
    enabled: pair !== null,
  });
}
