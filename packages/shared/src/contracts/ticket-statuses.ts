// Apart from the ticket schemas (contracts/tickets.ts) so that a page which only needs the
// statuses does not load and build every zod schema of the contracts with them.

export const TICKET_STATUSES = [
  'card_check',
  'advance',
  'new',
  'frozen',
  'error',
  'deleted',
  'success',
  /** Paid short, paid over or paid late: the client chooses to continue at the current rate or a refund. */
  'payment_problem',
  /** The client asked for the money back; an operator sends it and records the transaction. */
  'refund_requested',
  'refunded',
] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** Statuses in which a ticket still needs someone: its client, an operator or the chain (the page keeps polling). */
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = [
  'card_check',
  'advance',
  'new',
  'frozen',
  'payment_problem',
  'refund_requested',
];

/**
 * What was wrong with a payment that put a ticket in `payment_problem`; `reserve`: the payment came
 * (in time), but the reserve it needs is no longer free — a ticket past the unpaid share that held
 * nothing, or one the job closed while the chain watcher was down (issue 42).
 */
export const PAYMENT_PROBLEMS = ['under', 'over', 'late', 'reserve'] as const;
export type PaymentProblem = (typeof PAYMENT_PROBLEMS)[number];
