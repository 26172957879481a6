import { Decimal, toAmount, type PaymentChoices, type PaymentProblem } from '@obmen/shared';
import type { TicketRow } from './tickets.repository';

// What a client may do about a payment that is short or over (issue 45), and the figures of each:
// one place for the ticket page, which shows them, and the service, which takes them.

/** Short, over or exact, within one smallest unit of the give currency. */
export function compareToSum(received: Decimal, giveSum: Decimal, scale: number): PaymentProblem | 'exact' {
  const unit = new Decimal(1).div(new Decimal(10).pow(scale));
  if (received.minus(giveSum).abs().lte(unit)) return 'exact';
  return received.lt(giveSum) ? 'under' : 'over';
}

/**
 * What is left to pay of the sum, or null unless the total is short of it. Rounded up: paying it
 * must reach the sum (both are at the currency's scale already, so nothing is lost).
 */
export function restOf(received: Decimal, giveSum: Decimal, scale: number): string | null {
  if (compareToSum(received, giveSum, scale) !== 'under') return null;
  return toAmount(giveSum.minus(received), scale, 'up');
}

/**
 * The excess of an overpayment, the give currency's refund fee and what goes back. Null when the
 * fee is not set (a fee is stated before the client chooses, or the choice is not offered) or leaves
 * nothing. The fee is rounded up to the scale: what goes back never exceeds the excess less its cost.
 */
export function excessRefundOf(
  received: Decimal,
  giveSum: Decimal,
  fee: string | null,
  scale: number,
): NonNullable<PaymentChoices['refundExcess']> | null {
  if (fee === null || compareToSum(received, giveSum, scale) !== 'over') return null;
  const excess = received.minus(giveSum);
  const charged = new Decimal(toAmount(new Decimal(fee), scale, 'up'));
  const refund = excess.minus(charged);
  if (!refund.gt(0)) return null;
  return {
    excess: toAmount(excess, scale, 'down'),
    fee: toAmount(charged, scale, 'up'),
    refund: toAmount(refund, scale, 'down'),
  };
}

type ChoiceFacts = Pick<TicketRow, 'status' | 'paymentProblem' | 'paymentDeadline' | 'giveSum'>;

/**
 * The rest a ticket still takes to the same address: awaiting payment, or marked paid by its client,
 * with part of the sum counted and the window open (a chain payment short of the sum waits for the
 * rest till the deadline, issue 42).
 */
export function restToPay(ticket: ChoiceFacts, received: Decimal, scale: number, now: Date): string | null {
  if (ticket.status !== 'advance' && ticket.status !== 'new') return null;
  if (!received.gt(0) || !ticket.paymentDeadline || ticket.paymentDeadline <= now) return null;
  return restOf(received, new Decimal(ticket.giveSum), scale);
}

/**
 * A payment problem's choices besides continuing and a refund: the rest while the window is open
 * (short), the excess back at the original sums (over). A late payment has neither: its first
 * quote's time has passed, so only today's rate or a refund remain.
 */
export function paymentChoicesOf(
  ticket: ChoiceFacts,
  received: Decimal,
  refundFee: string | null,
  scale: number,
  now: Date,
): PaymentChoices | null {
  if (ticket.status !== 'payment_problem') return null;
  const giveSum = new Decimal(ticket.giveSum);
  const deadline = ticket.paymentDeadline;
  const rest =
    ticket.paymentProblem === 'under' && deadline && deadline > now ? restOf(received, giveSum, scale) : null;
  return {
    payRest: rest && deadline ? { rest, deadline: deadline.toISOString() } : null,
    refundExcess: ticket.paymentProblem === 'over' ? excessRefundOf(received, giveSum, refundFee, scale) : null,
  };
}
