import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/** POST /api/v1/Tickets/find: the ticket's id for its number and e-mail, else 'Заявка не найдена'. */
export function findTicket(body: { number: string; email: string }): Promise<{ id: string }> {
  return apiRequest('/api/v1/Tickets/find', { method: 'POST', json: body });
}

export function useFindTicket() {
  return useMutation({ mutationKey: ticketKeys.mutation('find'), mutationFn: findTicket });
}
