import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ticket } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/** "I have paid": GET or POST /api/v1/Tickets/confirm/{id} (POST, as it changes the ticket); advance → new. */
export function confirmTicket(id: string, lang: Lang): Promise<Ticket> {
  return apiRequest<Ticket>(`/api/v1/Tickets/confirm/${encodeURIComponent(id)}`, { method: 'POST', lang });
}

export function useConfirmTicket(id: string, lang: Lang) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ticketKeys.mutation('confirm'),
    mutationFn: () => confirmTicket(id, lang),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.ticket(id, lang), ticket);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
    // Refused (the window passed, an operator moved it): the ticket on screen is stale.
    onError: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.tickets(id) }),
  });
}
