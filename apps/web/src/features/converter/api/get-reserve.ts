import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reserve } from '@obmen/shared/contracts';
import { apiGet, type GetCall } from '../../../lib/api-client';
import { converterKeys } from './query-keys';
import { readThrough } from '../../../lib/query-client';

/** GET /api/v1/Exchange/get_reserve/{x}: how much of the bought currency can still be promised. */
const reserveCall = (code: string): GetCall => ({ path: `/api/v1/Exchange/get_reserve/${encodeURIComponent(code)}` });

export function getReserve(code: string, signal?: AbortSignal): Promise<Reserve> {
  return apiGet<Reserve>(reserveCall(code), signal);
}

// Reserves move with every ticket: fresh on each pair change, and again while the page is open.
export const reserveQueryOptions = (code: string) =>
  queryOptions({
    queryKey: converterKeys.reserve(code),
    queryFn: ({ client, signal }) => readThrough(client, 'reserve', getReserve)(code, signal),
    staleTime: 10_000,
    refetchInterval: 30_000,
    retry: false,
  });

export function useReserve(code: string | null, enabled: boolean) {
  return useQuery({ ...reserveQueryOptions(code ?? ''), enabled: code !== null && enabled });
}
