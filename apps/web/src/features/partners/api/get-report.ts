import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PartnerReport } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { partnerKeys } from './query-keys';

export const REPORT_PAGE_SIZE = 50;

/** GET /api/v1/Partner/report: the partner's tickets created in [from, to), a page after `cursor`. */
export function getPartnerReport(
  range: { from: string; to: string },
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PartnerReport> {
  return apiRequest<PartnerReport>('/api/v1/Partner/report', {
    query: { ...range, limit: REPORT_PAGE_SIZE, cursor },
    ...(signal && { signal }),
  });
}

export const partnerReportQueryOptions = (owner: string, range: { from: string; to: string }) =>
  infiniteQueryOptions({
    queryKey: partnerKeys.report(owner, range.from, range.to),
    queryFn: ({ pageParam, signal }) => getPartnerReport(range, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function usePartnerReport(owner: string, range: { from: string; to: string }) {
  return useInfiniteQuery(partnerReportQueryOptions(owner, range));
}
