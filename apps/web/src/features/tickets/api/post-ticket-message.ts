import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketMessageBody, TicketThread } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/** POST /api/v1/Tickets/{id}/messages: the customer writes; the answer is the thread with the message in it. */
export function postTicketMessage(id: string, body: TicketMessageBody, lang: Lang): Promise<TicketThread> {
  return apiRequest<TicketThread>(`/api/v1/Tickets/${encodeURIComponent(id)}/messages`, {
    method: 'POST',
    json: body,
    lang,
  });
}

export function usePostTicketMessage(id: string, lang: Lang) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ticketKeys.mutation('message'),
    mutationFn: (body: TicketMessageBody) => postTicketMessage(id, body, lang),
    onSuccess: (thread) => queryClient.setQueryData(ticketKeys.messages(id), thread),
  });
}
