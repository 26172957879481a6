import type { Decimal } from '@obmen/shared';
import { REFERRAL_TERMS, toUsd } from '@obmen/shared';

/**
 * A partner's reward for a ticket: its share of the ticket's USD value, cut to the kept 8 decimals,
 * never rounded up — the partner is never paid a fraction more than earned, at most one unit less.
 */
export const referralReward = (ticketUsd: Decimal): string =>
  toUsd(ticketUsd.times(REFERRAL_TERMS.rewardPercent).div(100), 'down');

/**
 * What a payout of `sum` at `usdPrice` takes from the partner's USD balance: rounded up to the kept
 * 8 decimals, so a balance never pays out a fraction more than it holds, at most one unit more.
 */
export const payoutDebitUsd = (sum: Decimal, usdPrice: Decimal): string => toUsd(sum.times(usdPrice), 'up');
