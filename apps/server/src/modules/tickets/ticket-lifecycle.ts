import type { TicketStatus } from '@obmen/shared';

/** Every way a ticket's status may change (design §5), and which statuses it may change from. */
export const TICKET_ACTIONS = {
  /** The client says "I have paid"; an operator can mark it too; the chain watcher, at its confirmations. */
  confirm: { from: ['advance'], to: 'new' },
  markPaid: { from: ['advance'], to: 'new' },
  cancel: { from: ['card_check', 'advance'], to: 'deleted' },
  /** The payment window, or the window to send the card photo, passed. */
  expire: { from: ['card_check', 'advance'], to: 'deleted' },
  approveCard: { from: ['card_check'], to: 'advance' },
  rejectCard: { from: ['card_check'], to: 'deleted' },
  complete: { from: ['new'], to: 'success' },
  freeze: { from: ['new'], to: 'frozen' },
  release: { from: ['frozen'], to: 'new' },
  fail: { from: ['new', 'frozen'], to: 'error' },
  /**
   * A confirmed payment short of or over the sum, or late: after the window, or to a ticket already
   * cancelled (by the window, the client or an operator), which the client can still continue or get back.
   * A ticket the client marked paid too: the transfer that then arrives (or the operator finds) is checked.
   */
  paymentProblem: { from: ['advance', 'new', 'deleted'], to: 'payment_problem' },
  /**
   * A chain payment made within the window, counted only after the job closed the ticket (the watcher
   * was down): paid after all, once its reserve is taken again (issue 42).
   */
  resume: { from: ['deleted'], to: 'new' },
  /** The client accepts the current rate for what arrived: paid, with the new sums. */
  continue: { from: ['payment_problem'], to: 'new' },
  /** Overpaid: the client keeps the original sums and rate, and the excess goes back (issue 45). */
  refundExcess: { from: ['payment_problem'], to: 'new' },
  /** Paid short with the window still open: the client pays the rest to the same address by the deadline (issue 45). */
  payRest: { from: ['payment_problem'], to: 'advance' },
  requestRefund: { from: ['payment_problem'], to: 'refund_requested' },
  /** An operator sent the money back and recorded its transaction. */
  refund: { from: ['refund_requested'], to: 'refunded' },
  /**
   * AML (issue 48): a counted payment whose source (or the payout address) scored high, or could not be
   * screened, waits for an operator until a deadline instead of paying out.
   */
  review: { from: ['advance', 'new', 'deleted'], to: 'on_review' },
  /** The operator found it clean: paid, and the payout goes on. */
  clearReview: { from: ['on_review'], to: 'new' },
  /** The operator refused it, or the deadline passed undecided: a payment problem whose only choice is the refund. */
  refuseReview: { from: ['on_review'], to: 'payment_problem' },
} as const satisfies Record<string, { from: readonly TicketStatus[]; to: TicketStatus }>;

export type TicketAction = keyof typeof TICKET_ACTIONS;

/** Whether the lifecycle lets `action` happen to a ticket in `status`. */
export const allows = (action: TicketAction, status: TicketStatus): boolean =>
  (TICKET_ACTIONS[action].from as readonly TicketStatus[]).includes(status);

export const FINAL_STATUSES: readonly TicketStatus[] = ['deleted', 'error', 'success', 'refunded'];

/**
 * The statuses in which a ticket holds its get amount of the reserve (and its promo code). A payment
 * problem holds nothing: continuing takes a new hold for the new sum, a refund never pays out.
 */
export const RESERVE_HOLDING_STATUSES: readonly TicketStatus[] = [
  'card_check',
  'advance',
  'new',
  'frozen',
  'on_review',
];

/** The statuses of a ticket whose payment arrived: its hold is hard from then on (issue 42). */
export const PAID_STATUSES: readonly TicketStatus[] = ['new', 'frozen', 'success', 'on_review'];
