import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketBody, Ticket } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/**
 * POST /api/v1/Tickets/create. The Idempotency-Key makes a retry (a double click, a timeout) answer
 * with the ticket the first attempt made instead of making a second.
 */
export function createTicket(body: CreateTicketBody, idempotencyKey: string): Promise<Ticket> {
  return apiRequest<Ticket>('/api/v1/Tickets/create', { json: body, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateTicket(lang: Lang) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ticketKeys.mutation('create'),
    mutationFn: ({ body, idempotencyKey }: { body: CreateTicketBody; idempotencyKey: string }) =>
      createTicket(body, idempotencyKey),
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKeys.ticket(ticket.id, lang), ticket);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    },
  });
}
