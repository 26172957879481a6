import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ticket } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/** GET or POST /api/v1/Tickets/cancel/{id} (POST, as it changes the ticket); → deleted. */
export function cancelTicket(id: string, lang: Lang): Promise<Ticket> {
  return apiRequest<Ticket>(`/api/v1/Tickets/cancel/${encodeURIComponent(id)}`, { method: 'POST', lang });
}

export function useCancelTicket(id: string, lang: Lang) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ticketKeys.mutation('cancel'),
    mutationFn: () => cancelTicket(id, lang),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.ticket(id, lang), ticket);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
    // Refused (the window passed, an operator moved it): the ticket on screen is stale.
    onError: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.tickets(id) }),
  });
}
