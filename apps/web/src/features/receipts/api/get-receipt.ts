import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignedReceipt } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { ApiError, apiGet } from '../../../lib/api-client';
import { receiptKeys } from './query-keys';

/** GET /api/v1/Tickets/{id}/receipt: a successful ticket's signed receipt, to whoever may open the ticket. */
export function getReceipt(ticketId: string, lang: Lang, signal?: AbortSignal): Promise<SignedReceipt> {
  return apiGet<SignedReceipt>({ path: `/api/v1/Tickets/${encodeURIComponent(ticketId)}/receipt`, lang }, signal);
}

export const receiptQueryOptions = (ticketId: string, lang: Lang) =>
  queryOptions({
    queryKey: receiptKeys.receipt(ticketId, lang),
    queryFn: ({ signal }) => getReceipt(ticketId, lang, signal),
    // A receipt does not change; a missing ticket, a stranger's or an unfinished one answers the same again.
    staleTime: Infinity,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });

export function useReceipt(ticketId: string, lang: Lang) {
  return useQuery(receiptQueryOptions(ticketId, lang));
}
