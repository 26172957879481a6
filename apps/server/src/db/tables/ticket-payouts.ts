import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYOUT_HOLD_REASONS, PAYOUT_MODES, PAYOUT_STATES } from '@obmen/shared';

import { money, createdAt, updatedAt } from './columns';
import { currencies } from './exchange';
import { users } from './accounts';
import { tickets } from './tickets';

// Automatic payouts (issue 44): each currency's provider account, and one payout intent per paid ticket.

/**
 * A currency's payout provider account: what the console set (non-secret settings, sealed
 * credentials that are never shown again) and what the balance job last read.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  currencyCode: text('currency_code')
    .primaryKey()
    .references(() => currencies.code, { onUpdate: 'cascade', onDelete: 'cascade' }),
  /** Electrum: `{ url, username }`; Binance: `{ baseUrl, coin, network }`. */
  settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
  /** A JSON object of the secrets, sealed with AES-256-GCM under TWO_FACTOR_KEY, bound to the currency. */
  sealedCredentials: text('sealed_credentials'),
  /** Which secrets are stored, so the console can say so without opening them. */
  storedSecrets: text('stored_secrets')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  balance: money('balance'),
  balanceAt: timestamp('balance_at', { withTimezone: true }),
  balanceError: text('balance_error'),
  updatedAt: updatedAt(),
});

/**
 * The payout of a paid ticket: one per ticket, written in the transaction that makes the ticket
 * paid. Every provider call carries `key`; an unknown outcome is reconciled, never sent blindly again.
 */
export const ticketPayouts = pgTable(
  'ticket_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    currencyCode: text('currency_code')
      .notNull()
      .references(() => currencies.code, { onUpdate: 'cascade' }),
    amount: money('amount').notNull(),
    address: text('address').notNull(),
    memo: text('memo'),
    provider: text('provider', { enum: PAYOUT_MODES }).notNull(),
    state: text('state', { enum: PAYOUT_STATES }).notNull(),
    holdReasons: text('hold_reasons', { enum: PAYOUT_HOLD_REASONS })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    approvalsNeeded: integer('approvals_needed').notNull().default(0),
    /** Which attempt the key names: a new one only after the provider said the last did not leave. */
    attempt: integer('attempt').notNull().default(1),
    key: text('key').notNull(),
    /** What the provider recorded before anything could leave (Electrum: the signed transaction). */
    prepared: text('prepared'),
    /** The provider's id of the payout (Binance's withdrawal id). */
    providerRef: text('provider_ref'),
    txid: text('txid'),
    lastError: text('last_error'),
    notBefore: timestamp('not_before', { withTimezone: true }),
    /** When the current call began: a `sending` payout older than its lease was cut off by a crash. */
    sendingSince: timestamp('sending_since', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ticket_payouts_ticket').on(t.ticketId),
    uniqueIndex('ticket_payouts_key').on(t.key),
    index('ticket_payouts_state').on(t.state, t.notBefore),
    index('ticket_payouts_currency_day').on(t.currencyCode, t.createdAt),
    check('ticket_payouts_amount', sql`${t.amount} > 0`),
    check('ticket_payouts_approvals', sql`${t.approvalsNeeded} between 0 and 2`),
    check('ticket_payouts_sent_txid', sql`${t.state} <> 'sent' or ${t.txid} is not null`),
  ],
);

/** Who approved a payout that waited: one row per operator, so nobody approves twice. */
export const ticketPayoutApprovals = pgTable(
  'ticket_payout_approvals',
  {
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => ticketPayouts.id, { onDelete: 'cascade' }),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.payoutId, t.operatorId] })],
);
