import { Decimal, toAmount } from '@obmen/shared';
import type { Tx } from '../../db/database';
import type { CurrencyRow } from '../exchange/exchange.repository';
import { ConflictError } from '../../http/errors';
import { allocateAddress } from './address-pool';
import { skipIndexes, taggedSumsWatched, takeNextIndex } from './chain.repository';

/** Tickets are watched this long after their payment deadline, for late payments. */
export const WATCH_AFTER_DEADLINE_MS = 24 * 3_600_000;

export interface DepositFields {
  depositChain: NonNullable<CurrencyRow['watchChain']>;
  depositAddress: string;
  depositIndex: number;
  depositTagged: boolean;
  /** The give sum with its tag, in amount-tag mode. */
  giveSum: string;
}

// Tags run 1…99 units of the currency's last decimal, so the tail stays small; they go round from a
// counter, and an unpaid cancelled ticket's tag is free again at once (docs/payments.md).
const TAGS = 99;

/**
 * Where a new ticket in `currency` is paid, allocated in the ticket's own transaction: the next
 * address derived from the operator's extended public key, or the one address with the give sum
 * raised by a tag of its own. Null when the currency is not watched.
 */
export async function allocateDeposit(tx: Tx, currency: CurrencyRow, giveSum: string): Promise<DepositFields | null> {
  const chain = currency.watchChain;
  if (!chain || currency.watchMode === 'off') return null;
  if (currency.watchMode === 'xpub') {
    const { index, address } = await allocateAddress(tx, chain, currency.watchXpub);
    return {
      depositChain: chain,
      depositAddress: address,
      depositIndex: index,
      depositTagged: false,
      giveSum,
    };
  }
  // The counter's row lock (held to the end of the transaction) makes this the only allocation
  // at the address: a sum no watched ticket there expects is safe to hand out.
  const key = `${chain}:${currency.watchAddress}:tag`;
  const number = await takeNextIndex(tx, key);
  const unit = new Decimal(1).div(new Decimal(10).pow(currency.scale));
  // The tail is added, never taken: the client pays the quoted sum and a few units more.
  const taggedWith = (tag: number) => toAmount(new Decimal(giveSum).plus(unit.times(tag)), currency.scale, 'down');
  const since = new Date(Date.now() - WATCH_AFTER_DEADLINE_MS);
  const { held, released } = await taggedSumsWatched(
    tx,
    chain,
    currency.watchAddress,
    taggedWith(1),
    taggedWith(TAGS),
    since,
  );
  // Tags go round from the counter; a sum given back by an unpaid cancelled ticket is taken only
  // when no untouched one is left, so a late payment to it rarely meets a new holder.
  const sums = Array.from({ length: TAGS }, (_, attempt) => taggedWith(((number + attempt) % TAGS) + 1));
  const free = (sum: string, allowReleased: boolean) => {
    const key = new Decimal(sum).toFixed();
    return !held.has(key) && (allowReleased || !released.has(key));
  };
  const attempt = [false, true].map((again) => sums.findIndex((sum) => free(sum, again))).find((i) => i >= 0);
  // Every tag of this sum is held by a ticket awaiting its payment: a state clients made, not an outage.
  if (attempt === undefined) throw new ConflictError('deposit_tags_exhausted', 'ticket.depositTagsExhausted');
  if (attempt > 0) await skipIndexes(tx, key, attempt);
  return {
    depositChain: chain,
    depositAddress: currency.watchAddress,
    depositIndex: number + attempt,
    depositTagged: true,
    giveSum: sums[attempt]!,
  };
}
