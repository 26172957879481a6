import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRenderedReply, AdminTicketDetail } from '@obmen/shared/admin';
import { adminKeys, adminRequest } from './admin-request';

// The desk's calls (issue 46): taking a ticket, and the canned replies offered for one.

/** Take a ticket, take it over from the operator holding it (`takeOver`), or let it go. */
export function useTicketClaim(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { takeOver: boolean } | 'release') =>
      adminRequest<AdminTicketDetail>(
        `/tickets/${encodeURIComponent(id)}/claim`,
        change === 'release' ? { method: 'DELETE' } : { method: 'POST', json: change },
      ),
    onSuccess: (detail) => {
      client.setQueryData(adminKeys.ticket(id), detail);
      void client.invalidateQueries({ queryKey: adminKeys.tickets() });
    },
    // Whoever won a race, the panel shows who holds the ticket now.
    onError: () => void client.invalidateQueries({ queryKey: adminKeys.ticket(id) }),
  });
}

export const cannedRepliesForOptions = (ticketId: string) =>
  queryOptions({
    queryKey: [...adminKeys.ticket(ticketId), 'canned-replies'],
    queryFn: ({ signal }) =>
      adminRequest<AdminRenderedReply[]>(`/tickets/${encodeURIComponent(ticketId)}/canned-replies`, { signal }),
    staleTime: 30_000,
  });

/** The canned replies for one ticket, in its customer's language with its values filled in. */
export const useCannedRepliesFor = (ticketId: string) => useQuery(cannedRepliesForOptions(ticketId));
