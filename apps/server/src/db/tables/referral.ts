import { sql } from 'drizzle-orm';
import { date, index, check, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { money, createdAt, updatedAt } from './columns';
import { currencies } from './exchange';
import { users } from './accounts';
import { tickets } from './tickets';

// The referral programme and promo codes: visits, charges, balances, payouts, codes.

/** One row per referral link, visitor address and UTC day: a visitor coming back that day is not counted again. */
export const refVisits = pgTable(
  'ref_visits',
  {
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    day: date('day')
      .notNull()
      .default(sql`(now() at time zone 'utc')::date`),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.referrerId, t.visitorHash, t.day] })],
);

/**
 * Single-use promo codes (design §4): worth `value_rub` on an exchange worth at least `min_rub`.
 * A ticket holds a code from creation; success uses it, any other end frees it.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text('code').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    valueRub: money('value_rub').notNull().default('50'),
    minRub: money('min_rub').notNull().default('3000'),
    status: text('status', { enum: ['active', 'held', 'used'] })
      .notNull()
      .default('active'),
    /** The ticket holding or having used the code. */
    ticketId: text('ticket_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('promo_codes_user').on(t.userId), check('promo_codes_code', sql`${t.code} ~ '^[A-Z0-9-]{4,40}$'`)],
);

/** A referral reward: 0.5 % of a referral's successful ticket in USD, at most once per ticket. */
export const referralCharges = pgTable(
  'referral_charges',
  {
    ticketId: text('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketUsd: numeric('ticket_usd', { precision: 38, scale: 2 }).notNull(),
    amountUsd: numeric('amount_usd', { precision: 38, scale: 8 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('referral_charges_referrer').on(t.referrerId, t.createdAt)],
);

/** What a partner may still withdraw, in USD; a payout request takes from it at once. */
export const referralBalances = pgTable(
  'referral_balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    balanceUsd: numeric('balance_usd', { precision: 38, scale: 8 }).notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [check('referral_balances_non_negative', sql`${t.balanceUsd} >= 0`)],
);

/** A withdrawal of referral rewards, paid by an operator within 24 hours. */
export const referralPayouts = pgTable(
  'referral_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currencyCode: text('currency_code')
      .notNull()
      .references(() => currencies.code, { onUpdate: 'cascade' }),
    sum: money('sum').notNull(),
    amountUsd: numeric('amount_usd', { precision: 38, scale: 8 }).notNull(),
    requisite: text('requisite').notNull(),
    addRequisite: text('add_requisite').notNull().default(''),
    status: text('status', { enum: ['pending', 'paid', 'rejected'] })
      .notNull()
      .default('pending'),
    reference: text('reference'),
    reason: text('reason'),
    /** An operator checked the request and cleared it for payment; only then can it be marked paid. */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: text('approved_by'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('referral_payouts_user').on(t.userId, t.createdAt), index('referral_payouts_status').on(t.status)],
);
