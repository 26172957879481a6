import { Decimal, toAmount } from '@obmen/shared';
import type { Tx } from '../../db/database';
import type { CurrencyRow } from '../exchange/exchange.repository';
import { AppError } from '../../http/errors';
import { deriveAddress } from './addresses';
import { taggedSumTaken, takeNextIndex } from './chain.repository';

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

// Tags run 1…99 units of the currency's last decimal, so the tail stays small; they repeat after
// 99 tickets, by which time the earlier ones are long paid or expired.
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
    const index = await takeNextIndex(tx, `${chain}:${currency.watchXpub}`);
    return {
      depositChain: chain,
      depositAddress: deriveAddress(chain, currency.watchXpub, index),
      depositIndex: index,
      depositTagged: false,
      giveSum,
    };
  }
  // The counter's row lock (held to the end of the transaction) makes this the only allocation
  // at the address: a sum no watched ticket there expects is safe to hand out.
  const since = new Date(Date.now() - WATCH_AFTER_DEADLINE_MS);
  for (let attempt = 0; attempt < TAGS; attempt += 1) {
    const number = await takeNextIndex(tx, `${chain}:${currency.watchAddress}:tag`);
    const tag = (number % TAGS) + 1;
    // The tail is added, never taken: the client pays the quoted sum and a few units more.
    const tagged = toAmount(
      new Decimal(giveSum).plus(new Decimal(tag).div(new Decimal(10).pow(currency.scale))),
      currency.scale,
      'down',
    );
    if (await taggedSumTaken(tx, chain, currency.watchAddress, tagged, since)) continue;
    return {
      depositChain: chain,
      depositAddress: currency.watchAddress,
      depositIndex: number,
      depositTagged: true,
      giveSum: tagged,
    };
  }
  throw new AppError(503, 'deposit_tags_exhausted', 'exchange.directionUnavailable');
}
