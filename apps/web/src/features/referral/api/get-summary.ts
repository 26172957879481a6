import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RefSummary } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { referralKeys } from './query-keys';

/** GET /api/v1/Ref/summary: the link, the figures and whether a withdrawal can be asked for. */
export function getReferralSummary(lang: Lang, signal?: AbortSignal): Promise<RefSummary> {
  return apiRequest<RefSummary>('/api/v1/Ref/summary', { lang, ...(signal && { signal }) });
}

export const referralSummaryQueryOptions = (owner: string, lang: Lang) =>
  queryOptions({
    queryKey: referralKeys.summary(owner, lang),
    queryFn: ({ signal }) => getReferralSummary(lang, signal),
    staleTime: 15_000,
  });

export function useReferralSummary(owner: string, lang: Lang) {
  return useQuery(referralSummaryQueryOptions(owner, lang));
}
