import { Decimal, type PayoutHoldReason } from '@obmen/shared';
import type { Tx } from '../../db/database';
import { ConflictError } from '../../http/errors';
import type { Catalog } from '../exchange/exchange.catalog';
import type { TicketAction } from '../tickets/ticket-lifecycle';
import type { TicketRow } from '../tickets/tickets.repository';
import {
  hasExchangedBefore,
  IN_FLIGHT_STATES,
  insertPayout,
  lockCurrencyPayouts,
  lockPayoutOfTicket,
  movePayout,
  payoutKey,
  payoutsOfDay,
} from './ticket-payouts.repository';

/** The currency's limits as the catalog holds them (currencies.payout_*). */
interface PayoutLimitColumns {
  payoutMaxPerTicket: string | null;
  payoutMaxPerDay: string | null;
  payoutMaxPerCustomerDay: string | null;
  payoutFourEyesAbove: string | null;
}

const over = (amount: Decimal, limit: string | null) => limit !== null && amount.gt(limit);

/**
 * How many operators must approve a payout of `amount` before it is sent, and why: above the
 * four-eyes threshold two, over any other limit one. The day's totals are those before this payout.
 */
export function approvalsFor(
  amount: Decimal,
  limits: PayoutLimitColumns,
  day: { all: string; customer: string },
): { needed: 0 | 1 | 2; reasons: PayoutHoldReason[] } {
  const reasons: PayoutHoldReason[] = [];
  if (over(amount, limits.payoutMaxPerTicket)) reasons.push('over_ticket_limit');
  if (over(amount.plus(day.all), limits.payoutMaxPerDay)) reasons.push('over_day_limit');
  if (over(amount.plus(day.customer), limits.payoutMaxPerCustomerDay)) reasons.push('over_customer_limit');
  if (over(amount, limits.payoutFourEyesAbove)) return { needed: 2, reasons: [...reasons, 'four_eyes'] };
  return { needed: reasons.length > 0 ? 1 : 0, reasons };
}

/**
 * Whether a ticket's whole get amount can go out without a person (issue 44): payouts are on, the
 * currency has a provider that can pay now, and the amount is under the per-ticket and four-eyes
 * limits. The day's limits depend on what else went out that day and are judged at payout time.
 */
export function paysOutAutomatically(
  enabled: boolean,
  get: PayoutLimitColumns & { kind: string; payoutMode: string; payoutBlocked: string | null },
  amount: Decimal,
): boolean {
  return (
    enabled &&
    get.kind === 'crypto' &&
    get.payoutMode !== 'manual' &&
    get.payoutBlocked === null &&
    !over(amount, get.payoutMaxPerTicket) &&
    !over(amount, get.payoutFourEyesAbove)
  );
}

/** The address (and memo) the ticket's get side names: the fields the currency marks as such. */
export function payoutDestination(
  catalog: Catalog,
  ticket: TicketRow,
): { address: string; memo: string | null } | null {
  const currency = catalog.get().currencies.get(ticket.getCode)?.row;
  const values = ticket.requisites.get;
  const addressField = currency?.getFields.find((f) => f.kind === 'address');
  const memoField = currency?.getFields.find((f) => f.kind === 'memo');
  const address = addressField && values[addressField.name]?.trim();
  if (!address) return null;
  return { address, memo: (memoField && values[memoField.name]?.trim()) || null };
}

/**
 * The payout intent of a paid ticket, and what it forbids. `queueIn` runs in the transaction that
 * makes a ticket paid (its payment counted, an operator's word, a continued payment problem);
 * `guardIn` runs in every operator's transition of a ticket, so nobody settles by hand a ticket
 * whose money may be on its way.
 */
export function createPayoutIntents({ catalog, enabled }: { catalog: Catalog; enabled: boolean }) {
  return {
    async queueIn(tx: Tx, ticket: TicketRow): Promise<void> {
      if (!enabled) return;
      const currency = catalog.get().currencies.get(ticket.getCode)?.row;
      if (!currency || currency.kind !== 'crypto' || currency.payoutMode === 'manual') return;
      const destination = payoutDestination(catalog, ticket);
      if (!destination) return;
      const amount = new Decimal(ticket.getSum);
      await lockCurrencyPayouts(tx, currency.code);
      const customer = { emailKey: ticket.emailKey, email: ticket.email, userId: ticket.userId };
      const { needed, reasons } = approvalsFor(amount, currency, await payoutsOfDay(tx, currency.code, customer));
      // A first exchange waits a while (a stolen card's money leaves more slowly); an operator may let it go sooner.
      const delayMinutes = currency.payoutFirstDelayMinutes;
      const first = delayMinutes > 0 && !(await hasExchangedBefore(tx, { id: ticket.id, ...customer }));
      await insertPayout(tx, {
        ticketId: ticket.id,
        currencyCode: currency.code,
        amount: amount.toFixed(),
        address: destination.address,
        memo: destination.memo,
        provider: currency.payoutMode,
        state: needed > 0 ? 'awaiting_approval' : 'queued',
        holdReasons: first ? [...reasons, 'first_exchange'] : reasons,
        approvalsNeeded: needed,
        key: payoutKey(ticket.number, 1),
        notBefore: first ? new Date(Date.now() + delayMinutes * 60_000) : null,
      });
    },

    /**
     * An operator completing, failing or freezing a ticket: refused while its payout may be on its
     * way; a payout that has not left is cancelled by a completion or a failure (the person pays, or
     * nobody does), and kept by a freeze (only a `new` ticket's payout is sent).
     */
    async guardIn(tx: Tx, ticket: TicketRow, action: TicketAction): Promise<void> {
      if (action !== 'complete' && action !== 'fail' && action !== 'freeze') return;
      const payout = await lockPayoutOfTicket(tx, ticket.id);
      if (!payout || payout.state === 'sent' || payout.state === 'cancelled') return;
      if (IN_FLIGHT_STATES.includes(payout.state)) throw new ConflictError('payout_in_flight', 'payout.inFlight');
      if (action === 'freeze') return;
      await movePayout(tx, payout.id, [payout.state], {
        state: 'cancelled',
        lastError: action === 'complete' ? 'paid out by an operator' : 'the ticket failed',
      });
    },
  };
}

export type PayoutIntents = ReturnType<typeof createPayoutIntents>;
