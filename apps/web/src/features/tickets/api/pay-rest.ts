import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Ticket } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/**
 * POST /api/v1/Tickets/{id}/pay-rest: the client pays the rest it saw to the same address within the
 * window (issue 45); payment_problem → advance.
 */
export function payRest(id: string, rest: string, lang: Lang): Promise<Ticket> {
  return apiRequest<Ticket>(`/api/v1/Tickets/${encodeURIComponent(id)}/pay-rest`, {
    method: 'POST',
    json: { rest },
    lang,
  });
}

export function usePayRest(id: string, lang: Lang) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ticketKeys.mutation('payRest'),
    mutationFn: (rest: string) => payRest(id, rest, lang),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.ticket(id, lang), ticket);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: ticketKeys.tickets(id) }),
  });
}
