import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketThread } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiGet } from '../../../lib/api-client';
import { TICKET_REFRESH_MS } from './get-ticket';
import { ticketKeys } from './query-keys';

/** GET /api/v1/Tickets/{id}/messages: the ticket's thread, for whoever may open the ticket; reading it marks the answers read. */
export function getTicketMessages(id: string, lang: Lang, signal?: AbortSignal): Promise<TicketThread> {
  return apiGet<TicketThread>({ path: `/api/v1/Tickets/${encodeURIComponent(id)}/messages`, lang }, signal);
}

export const ticketMessagesQueryOptions = (id: string, lang: Lang) =>
  queryOptions({
    queryKey: ticketKeys.messages(id),
    queryFn: ({ signal }) => getTicketMessages(id, lang, signal),
    // The ticket's own cadence, while an answer can still come: the thread is open.
    refetchInterval: (query) => (query.state.data?.open ? TICKET_REFRESH_MS : false),
  });

export function useTicketMessages(id: string, lang: Lang) {
  return useQuery(ticketMessagesQueryOptions(id, lang));
}
