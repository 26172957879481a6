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
  /** Paid, but the payment's source (or the payout address) scored high on AML screening: an operator decides by a deadline (issue 48). */
  'on_review',
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
  'on_review',
];

/**
 * What was wrong with a payment that put a ticket in `payment_problem`; `reserve`: the payment came
 * (in time), but the reserve it needs is no longer free — a ticket past the unpaid share that held
 * nothing, or one the job closed while the chain watcher was down (issue 42); `aml`: an AML review
 * refused the payment or ran out of time, and only the refund remains (issue 48).
 */
export const PAYMENT_PROBLEMS = ['under', 'over', 'late', 'reserve', 'aml'] as const;
export type PaymentProblem = (typeof PAYMENT_PROBLEMS)[number];

/**
 * Why a paid ticket waits for an operator (issue 48): its payment's source scored above the review
 * threshold, its payout address did when screened again, or the screening service could not answer.
 */
export const AML_REVIEW_REASONS = ['aml_risk', 'aml_address', 'aml_unavailable'] as const;
export type AmlReviewReason = (typeof AML_REVIEW_REASONS)[number];
