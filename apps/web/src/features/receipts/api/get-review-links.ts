import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewLink } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { receiptKeys } from './query-keys';

/** GET /api/v1/review-links: the monitors the operator invites reviews on; empty means no invitation. */
export function getReviewLinks(signal?: AbortSignal): Promise<ReviewLink[]> {
  // An invitation is a nicety: its failure is no news to the customer.
  return apiRequest<ReviewLink[]>('/api/v1/review-links', { silent: true, ...(signal && { signal }) });
}

export const reviewLinksQueryOptions = () =>
  queryOptions({
    queryKey: receiptKeys.reviewLinks(),
    queryFn: ({ signal }) => getReviewLinks(signal),
    staleTime: 5 * 60_000,
  });

export function useReviewLinks() {
  return useQuery(reviewLinksQueryOptions());
}
