import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TicketMessageBody, TicketThread } from '@obmen/shared/contracts';
import { adminKeys, adminRequest } from './admin-request';
import { QUEUE_POLL_MS } from './tickets';

const path = (id: string) => `/tickets/${encodeURIComponent(id)}/messages`;

/** GET /api/admin/tickets/{id}/messages: the thread, with the operators' names; reading it marks nothing. */
export const ticketThreadOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.messages(id),
    queryFn: ({ signal }) => adminRequest<TicketThread>(path(id), { signal }),
    // The panel's own cadence: the customer may write while the operator looks at the ticket.
    refetchInterval: QUEUE_POLL_MS,
  });

export const useTicketThread = (id: string) => useQuery(ticketThreadOptions(id));

/** The thread changed: the queue's unread counts (and the nav's) change with it. */
function useThreadChanged(id: string) {
  const client = useQueryClient();
  return (thread: TicketThread) => {
    client.setQueryData(adminKeys.messages(id), thread);
    void client.invalidateQueries({ queryKey: [...adminKeys.tickets(), 'list'] });
    void client.invalidateQueries({ queryKey: adminKeys.ticket(id) });
  };
}

/** POST /api/admin/tickets/{id}/messages: the answer, mailed to the customer; the customer's messages count as read. */
export function useAnswerTicket(id: string) {
  const changed = useThreadChanged(id);
  return useMutation({
    mutationFn: (body: TicketMessageBody) => adminRequest<TicketThread>(path(id), { method: 'POST', json: body }),
    onSuccess: changed,
  });
}

/** POST /api/admin/tickets/{id}/messages/read: read without answering; the ticket leaves the unread list. */
export function useMarkThreadRead(id: string) {
  const changed = useThreadChanged(id);
  return useMutation({
    mutationFn: () => adminRequest<TicketThread>(`${path(id)}/read`, { method: 'POST' }),
    onSuccess: changed,
  });
}
