// Apart from the ticket schemas (contracts/tickets.ts) so that a page which only needs the
// statuses does not load and build every zod schema of the contracts with them.

export const TICKET_STATUSES = ['card_check', 'advance', 'new', 'frozen', 'error', 'deleted', 'success'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** Statuses in which a ticket still holds its reserve and promo code. */
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = ['card_check', 'advance', 'new', 'frozen'];
