import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Range } from '@obmen/shared/contracts';
import { apiGet, type GetCall } from '../../../lib/api-client';
import { converterKeys } from './query-keys';
import { readThrough } from '../../../lib/query-client';

/** GET /api/v1/Exchange/get_range: the allowed amounts in the give currency. */
const rangeCall = (give: string, get: string, fixed: boolean): GetCall => ({
  path: '/api/v1/Exchange/get_range',
  query: { giveName: give, getName: get, useFixedDirection: fixed },
});

export function getRange(give: string, get: string, fixed: boolean, signal?: AbortSignal): Promise<Range> {
  return apiGet<Range>(rangeCall(give, get, fixed), signal);
}

export const rangeQueryOptions = (give: string, get: string, fixed: boolean) =>
  queryOptions({
    queryKey: converterKeys.range(give, get, fixed),
    queryFn: ({ client, signal }) => readThrough(client, 'range', getRange)(give, get, fixed, signal),
    staleTime: 30_000,
    retry: false,
  });

export function useRange(pair: { give: string; get: string } | null, fixed: boolean, enabled: boolean) {
  return useQuery({
    ...rangeQueryOptions(pair?.give ?? '', pair?.get ?? '', fixed),
    enabled: pair !== null && enabled,
  });
}
