import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundExcessBody, Ticket } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/**
 * POST /api/v1/Tickets/{id}/refund-excess: the exchange at its original sums, the excess back to
 * this address (issue 45); payment_problem → new.
 */
export function refundExcess(id: string, body: RefundExcessBody, lang: Lang): Promise<Ticket> {
  return apiRequest<Ticket>(`/api/v1/Tickets/${encodeURIComponent(id)}/refund-excess`, {
    method: 'POST',
    json: body,
    lang,
  });
}

export function useRefundExcess(id: string, lang: Lang) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ticketKeys.mutation('refundExcess'),
    mutationFn: (body: RefundExcessBody) => refundExcess(id, body, lang),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.ticket(id, lang), ticket);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
    // Refused (the figures changed, another choice was first): the ticket shows what holds now.
    onError: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.tickets(id) }),
  });
}
