/**
 * How long a ticket stays open past its payment deadline, and when a chain payment is late (issue 42).
 * The job's rule (ticket-payments.repository's `awaitsPayment`) and the verdict on a payment share it.
 */

/**
 * An unconfirmed payment sent within the window, of at least the ticket's minimum, keeps the ticket
 * open this long after its deadline: the spec's longest pending payment (5–60 minutes, at most 24
 * hours), and as long as the watcher still reads a ticket past its deadline (deposits.ts).
 */
export const PENDING_PAYMENT_WAIT_MS = 24 * 3_600_000;

/**
 * While the give currency's watcher is in error, a watched ticket waits this long past its deadline.
 * Its directions are closed meanwhile, so only tickets made before the outage hold; most API outages
 * end within it, and a payment made in time that shows up later still counts as on time.
 */
export const WATCHER_OUTAGE_WAIT_MS = 2 * 3_600_000;

/**
 * Whether a chain payment is late: seen after the deadline, or counted after the pending wait, when
 * its ticket was closed as unpaid. Its own time decides, not the ticket's status (issue 42).
 */
export function chainPaymentLate(deadline: Date, seenAt: Date, countedAt: Date): boolean {
  return seenAt > deadline || countedAt.getTime() > deadline.getTime() + PENDING_PAYMENT_WAIT_MS;
}
