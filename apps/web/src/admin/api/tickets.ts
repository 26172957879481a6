import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminExcessRefundBody,
  AdminTicketAction,
  AdminTicketDetail,
  AdminTicketFilter,
  AdminTicketList,
  AdminTicketPaymentBody,
  AdminTicketSort,
} from '@obmen/shared/admin';
import { adminKeys, adminRequest } from './admin-request';

/** How often the queue asks again, so new tickets appear without a reload. */
export const QUEUE_POLL_MS = 5_000;

export interface QueueFilter {
  status: AdminTicketFilter;
  q: string;
  page: number;
  /** The desk's own order, or the worst breach of the SLA clocks first (issue 46). */
  sort?: AdminTicketSort;
}

export const ticketQueueOptions = (filter: QueueFilter) =>
  queryOptions({
    queryKey: adminKeys.ticketList(filter),
    queryFn: ({ signal }) =>
      adminRequest<AdminTicketList>('/tickets', {
        query: {
          status: filter.status,
          q: filter.q || undefined,
          page: filter.page,
          perPage: 50,
          sort: filter.sort === 'breach' ? 'breach' : undefined,
        },
        signal,
      }),
    refetchInterval: QUEUE_POLL_MS,
    placeholderData: keepPreviousData,
  });

export const useTicketQueue = (filter: QueueFilter) => useQuery(ticketQueueOptions(filter));

export const ticketOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.ticket(id),
    queryFn: ({ signal }) => adminRequest<AdminTicketDetail>(`/tickets/${encodeURIComponent(id)}`, { signal }),
    // The client may confirm or cancel while the operator looks at it.
    refetchInterval: QUEUE_POLL_MS,
  });

export const useTicket = (id: string) => useQuery(ticketOptions(id));

export interface TicketActionBody {
  note?: string;
  payoutReference?: string;
  refundNote?: string;
  refundTxid?: string;
  refundAddress?: string;
}

/** What arrived on a manual direction, as the operator entered it: handled like a watched payment. */
export function useRecordPayment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTicketPaymentBody) =>
      adminRequest<AdminTicketDetail>(`/tickets/${encodeURIComponent(id)}/payment`, { method: 'POST', json: body }),
    onSuccess: (detail) => {
      client.setQueryData(adminKeys.ticket(id), detail);
      void client.invalidateQueries({ queryKey: adminKeys.tickets() });
    },
  });
}

/** The excess of an overpaid ticket sent back (issue 45): its transaction, recorded once. */
export function useRecordExcessRefund(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminExcessRefundBody) =>
      adminRequest<AdminTicketDetail>(`/tickets/${encodeURIComponent(id)}/excess-refund`, {
        method: 'POST',
        json: body,
      }),
    onSuccess: (detail) => {
      client.setQueryData(adminKeys.ticket(id), detail);
      void client.invalidateQueries({ queryKey: adminKeys.tickets() });
      void client.invalidateQueries({ queryKey: adminKeys.resource('outbox') });
    },
  });
}

export function useTicketAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: AdminTicketAction; body: TicketActionBody }) =>
      adminRequest<AdminTicketDetail>(`/tickets/${encodeURIComponent(id)}/${action}`, { method: 'POST', json: body }),
    onSuccess: (detail) => {
      client.setQueryData(adminKeys.ticket(id), detail);
      void client.invalidateQueries({ queryKey: adminKeys.tickets() });
      void client.invalidateQueries({ queryKey: adminKeys.resource('outbox') });
    },
    // Refused (another operator holds it, its status moved): the panel shows the ticket as it is now.
    onError: () => void client.invalidateQueries({ queryKey: adminKeys.ticket(id) }),
  });
}
