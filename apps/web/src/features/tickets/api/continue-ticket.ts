import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ticket } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/** POST /api/v1/Tickets/{id}/continue: the client accepts the quote it saw; payment_problem → new. */
export function continueTicket(id: string, quoteToken: string, lang: Lang): Promise<Ticket> {
  return apiRequest<Ticket>(`/api/v1/Tickets/${encodeURIComponent(id)}/continue`, {
    method: 'POST',
    json: { quoteToken },
    lang,
  });
}

export function useContinueTicket(id: string, lang: Lang) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ticketKeys.mutation('continue'),
    mutationFn: (quoteToken: string) => continueTicket(id, quoteToken, lang),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.ticket(id, lang), ticket);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
    // Refused (the quote expired, another payment counted): the ticket and its quote are stale.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: ticketKeys.tickets(id) });
      void queryClient.invalidateQueries({ queryKey: ticketKeys.continueQuote(id, lang) });
    },
  });
}
