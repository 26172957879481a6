import * as z from './zod';

/**
 * The thread on a ticket (issue 46): the customer and the operators write plain text. 2000
 * characters hold a question with a transfer's details; a longer text is a document, not a message.
 */
export const TICKET_MESSAGE_MAX_LENGTH = 2000;
/**
 * How long after a ticket finished its customer may still write: a payout the bank has not
 * credited, or a payment sent after the window, is asked about within days; after that the thread
 * is kept but closed, and support's contacts remain.
 */
export const TICKET_MESSAGE_DAYS_AFTER_FINISH = 30;

/** POST /api/v1/Tickets/{id}/messages and /api/admin/tickets/{id}/messages: one message, text only. */
export const ticketMessageBody = z.object({
  body: z.string().trim().min(1, 'validation.required').max(TICKET_MESSAGE_MAX_LENGTH, 'validation.maxLength'),
});
export type TicketMessageBody = z.input<typeof ticketMessageBody>;

export const ticketMessageSchema = z.object({
  id: z.string(),
  author: z.enum(['customer', 'operator']),
  /** The operator's name, in the console only; a customer sees "the operator". */
  operator: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  /** When the other side read it: an operator the customer's message, the customer the operator's. */
  readAt: z.string().nullable(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

export const ticketThreadSchema = z.object({
  items: z.array(ticketMessageSchema),
  /** Whether the customer may write now: while the ticket is open and for some days after it finished. */
  open: z.boolean(),
  /** Until when a finished ticket takes the customer's messages; null while it is open. */
  closesAt: z.string().nullable(),
  maxLength: z.number().int(),
});
export type TicketThread = z.infer<typeof ticketThreadSchema>;
