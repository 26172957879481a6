import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketTelegram } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/** While a deep link waits for its Start, the page asks this often whether the chat is linked. */
export const TELEGRAM_LINK_POLL_MS = 4_000;

/** GET /api/v1/Tickets/{id}/telegram: whether the exchanger has a bot, and how many chats follow the ticket. */
export function getTicketTelegram(id: string, signal?: AbortSignal): Promise<TicketTelegram> {
  return apiRequest<TicketTelegram>(`/api/v1/Tickets/${encodeURIComponent(id)}/telegram`, {
    ...(signal && { signal }),
  });
}

export const ticketTelegramQueryOptions = (id: string, waiting: boolean) =>
  queryOptions({
    queryKey: ticketKeys.telegram(id),
    queryFn: ({ signal }) => getTicketTelegram(id, signal),
    refetchInterval: (query) => (waiting && query.state.data?.chats === 0 ? TELEGRAM_LINK_POLL_MS : false),
  });

export function useTicketTelegram(id: string, waiting: boolean) {
  return useQuery(ticketTelegramQueryOptions(id, waiting));
}
