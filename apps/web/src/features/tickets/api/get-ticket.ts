import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ticket } from '@obmen/shared/contracts';
import { OPEN_TICKET_STATUSES } from '@obmen/shared/ticket-statuses';
import type { Lang } from '@obmen/shared/i18n';
import { ApiError, apiGet, type GetCall } from '../../../lib/api-client';
import { readThrough, staleUnlessFromPage } from '../../../lib/query-client';
import { ticketKeys } from './query-keys';

/** How often an open ticket is asked again while its page is on screen: the operator may move it. */
export const TICKET_REFRESH_MS = 10_000;

/** GET /api/v1/Tickets/{id}: a user's ticket for that user only, a visitor's for whoever has the link. */
const ticketCall = (id: string, lang: Lang): GetCall => ({ path: `/api/v1/Tickets/${encodeURIComponent(id)}`, lang });

export function getTicket(id: string, lang: Lang, signal?: AbortSignal): Promise<Ticket> {
  return apiGet<Ticket>(ticketCall(id, lang), signal);
}

/** A 400 or 404 is the answer "no such ticket" (spec §7): asking again will not change it. */
export const isTicketMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 400 || error.status === 404);

export const ticketQueryOptions = (id: string, lang: Lang) =>
  queryOptions({
    queryKey: ticketKeys.ticket(id, lang),
    // On the server (a visitor's ticket page is drawn there) the services answer, in process.
    queryFn: ({ client, signal }) => readThrough(client, 'ticket', getTicket)(id, lang, signal),
    // The ticket the server drew the page with is not asked again as the page hydrates.
    staleTime: staleUnlessFromPage,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && OPEN_TICKET_STATUSES.includes(status) ? TICKET_REFRESH_MS : false;
    },
    // A missing ticket, or one that needs signing in, answers the same way when asked again.
    retry: (failures, error) =>
      !isTicketMissing(error) && !(error instanceof ApiError && error.status === 401) && failures < 2,
  });

export function useTicket(id: string, lang: Lang) {
  return useQuery(ticketQueryOptions(id, lang));
}
