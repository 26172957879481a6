import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundTicketBody, Ticket } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/** POST /api/v1/Tickets/{id}/refund: the money back to this address; payment_problem → refund_requested. */
export function requestRefund(id: string, body: RefundTicketBody, lang: Lang): Promise<Ticket> {
  return apiRequest<Ticket>(`/api/v1/Tickets/${encodeURIComponent(id)}/refund`, { method: 'POST', json: body, lang });
}

export function useRequestRefund(id: string, lang: Lang) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ticketKeys.mutation('refund'),
    mutationFn: (body: RefundTicketBody) => requestRefund(id, body, lang),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.ticket(id, lang), ticket);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
  });
}
