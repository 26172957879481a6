import { useMutation } from '@tanstack/react-query';
import type { FoundTicket } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/** POST /api/v1/Tickets/find: mails the ticket's link to the e-mail on it; answers `{ sent: true }` whatever the pair. */
export function findTicket(body: { number: string; email: string }): Promise<FoundTicket> {
  return apiRequest('/api/v1/Tickets/find', { method: 'POST', json: body });
}

export function useFindTicket() {
  return useMutation({ mutationKey: ticketKeys.mutation('find'), mutationFn: findTicket });
}
