import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketList } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/** Tickets a page (spec §9). */
export const TICKETS_PER_PAGE = 10;

/** GET /api/v1/Tickets/?page&perPage: the logged-in user's own tickets, newest first. */
export function getTickets(page: number, lang: Lang, signal?: AbortSignal): Promise<TicketList> {
  return apiRequest<TicketList>('/api/v1/Tickets/', {
    lang,
    query: { page, perPage: TICKETS_PER_PAGE },
    ...(signal && { signal }),
  });
}

export const ticketsQueryOptions = (page: number, lang: Lang) =>
  queryOptions({
    queryKey: ticketKeys.list(page, lang),
    queryFn: ({ signal }) => getTickets(page, lang, signal),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export function useTickets(page: number, lang: Lang) {
  return useQuery(ticketsQueryOptions(page, lang));
}
