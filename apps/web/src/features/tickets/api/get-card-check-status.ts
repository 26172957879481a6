import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardCheckStatus } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/** How often a photo on verification is asked about (an operator usually decides within minutes). */
export const CARD_STATUS_POLL_MS = 5_000;

/** GET api/v1/CardCheck/checkstatusbyticket?ticketId= */
export function getCardCheckStatus(ticketId: string, lang: Lang, signal?: AbortSignal): Promise<CardCheckStatus> {
  return apiRequest<CardCheckStatus>('/api/v1/CardCheck/checkstatusbyticket', {
    lang,
    query: { ticketId },
    ...(signal && { signal }),
  });
}

export const cardCheckStatusQueryOptions = (ticketId: string, lang: Lang) =>
  queryOptions({
    queryKey: ticketKeys.cardStatus(ticketId),
    queryFn: ({ signal }) => getCardCheckStatus(ticketId, lang, signal),
    // Polls while the photo waits for its verdict; stops once the ticket has moved on.
    refetchInterval: (query) => (query.state.data?.ticketStatus === 'card_check' ? CARD_STATUS_POLL_MS : false),
  });

export function useCardCheckStatus(ticketId: string, lang: Lang) {
  return useQuery(cardCheckStatusQueryOptions(ticketId, lang));
}
