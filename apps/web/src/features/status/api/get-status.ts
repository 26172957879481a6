import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteStatus } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { readThrough, staleUnlessFromPage } from '../../../lib/query-client';

export function getStatus(signal?: AbortSignal): Promise<SiteStatus> {
  return apiRequest<SiteStatus>('/status.json', signal ? { signal } : {});
}

/** The status page's figures: asked again on every visit, and every half minute while it is open. */
export const statusQueryOptions = () =>
  queryOptions({
    queryKey: ['status'],
    queryFn: ({ client, signal }) => readThrough(client, 'status', getStatus)(signal),
    staleTime: staleUnlessFromPage,
    refetchInterval: 30_000,
  });

export const useSiteStatus = () => useQuery(statusQueryOptions());
