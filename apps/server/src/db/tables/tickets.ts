import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  check,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CHAINS, PAYMENT_PROBLEMS, TICKET_CHANNELS, TICKET_STATUSES } from '@obmen/shared';

import { money, percent, createdAt, updatedAt, type RateSourceRecord } from './columns';
import { currencies } from './exchange';
import { users } from './accounts';
import { partnerApiKeys } from './partners';

// Tickets and what happens to them: payments seen on chain, deposit addresses, history, card checks.

/** An exchange order (design §5). Its id is random and is what a link to it carries. */
export const tickets = pgTable(
  'tickets',
  {
    id: text('id').primaryKey(),
    /** For people: the number a client quotes to support. */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 100001 }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** The e-mail as limits count it (email-key.ts: `box+tag@` is `box@`); null on tickets made before it. */
    emailKey: text('email_key'),
    lang: text('lang', { enum: ['ru', 'en'] }).notNull(),
    giveCode: text('give_code')
      .notNull()
      .references(() => currencies.code, { onUpdate: 'cascade' }),
    getCode: text('get_code')
      .notNull()
      .references(() => currencies.code, { onUpdate: 'cascade' }),
    giveSum: money('give_sum').notNull(),
    getSum: money('get_sum').notNull(),
    rate: numeric('rate', { precision: 60, scale: 30 }).notNull(),
    fixed: boolean('fixed').notNull(),
    /** A floating rate's sources at creation (issue 45): each side's median sources and their time. */
    rateSources: jsonb('rate_sources').$type<RateSourceRecord[]>().notNull().default([]),
    feePercent: percent('fee_percent').notNull(),
    discountPercent: percent('discount_percent').notNull(),
    /** The give amount in USD at creation: turnover for discounts, the base of referral rewards. */
    usdValue: numeric('usd_value', { precision: 38, scale: 2 }).notNull(),
    /** The exchanger's margin on the deal in percent at creation (referral rewards need ≥ 0.6 %). */
    profitPercent: percent('profit_percent').notNull(),
    promoCode: text('promo_code'),
    promoBonus: money('promo_bonus'),
    referrerId: uuid('referrer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where the ticket was made (issue 47): the site, a partner's server with a key, the embedded widget. */
    channel: text('channel', { enum: TICKET_CHANNELS }).notNull().default('site'),
    /** The partner's key a ticket made through the API was created with. */
    apiKeyId: uuid('api_key_id').references(() => partnerApiKeys.id, { onDelete: 'set null' }),
    requisites: jsonb('requisites').$type<{ give: Record<string, string>; get: Record<string, string> }>().notNull(),
    /** An HMAC of the card a card payment comes from, to recognise a verified card. */
    cardHash: text('card_hash'),
    manual: boolean('manual').notNull(),
    status: text('status', { enum: TICKET_STATUSES }).notNull(),
    statusReason: text('status_reason'),
    payoutReference: text('payout_reference'),
    refundNote: text('refund_note'),
    /** Why the ticket became a payment problem (short, over, late); kept after the client's choice. */
    paymentProblem: text('payment_problem', { enum: PAYMENT_PROBLEMS }),
    /** Where money goes back: given up front (crypto) or with the refund request. */
    refundAddress: text('refund_address'),
    /** The refund's transaction, recorded by the operator who sent it. */
    refundTxid: text('refund_txid'),
    /**
     * An overpaid ticket that went on at its original sums (issue 45): the excess less the network
     * fee goes back to `refund_address`, owed until an operator records its transaction.
     */
    excessRefund: money('excess_refund'),
    excessRefundFee: money('excess_refund_fee'),
    excessRefundTxid: text('excess_refund_txid'),
    paymentDeadline: timestamp('payment_deadline', { withTimezone: true }),
    /** Until when an operator decides an AML review (issue 48); past it the refund opens for the client. */
    reviewDeadline: timestamp('review_deadline', { withTimezone: true }),
    /**
     * How the ticket holds its get amount while open (issue 42): `unpaid` hard and under the unpaid
     * cap, `paid` hard once its payment counted, `soft` nothing held (past the cap) until it is paid.
     */
    hold: text('hold', { enum: ['unpaid', 'paid', 'soft'] })
      .notNull()
      .default('unpaid'),
    /** `user:<id>:<key>` or `email:<address>:<key>`: an Idempotency-Key answers only its own sender. */
    idempotencyKey: text('idempotency_key'),
    /** A hash of the request the key first came with: a replay with another body is refused (422). */
    idempotencyFingerprint: text('idempotency_fingerprint'),
    /** The address the ticket was created from: open tickets are capped per address (ticket_limits). */
    clientIp: text('client_ip'),
    /** Where this ticket's payment is watched for (issue 35): null when the client pays the fixed wallet. */
    depositChain: text('deposit_chain', { enum: CHAINS }),
    depositAddress: text('deposit_address'),
    /** The derivation index (…/0/index) of a per-ticket address, or the number of an amount tag. */
    depositIndex: integer('deposit_index'),
    /** True when the address is shared and the ticket's give sum carries its tag. */
    depositTagged: boolean('deposit_tagged').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tickets_number').on(t.number),
    uniqueIndex('tickets_idempotency_key').on(t.idempotencyKey),
    index('tickets_user').on(t.userId, t.createdAt),
    // A partner's report: its tickets by creation time, a page at a time (keyset on created_at, id).
    index('tickets_referrer').on(t.referrerId, t.createdAt, t.id),
    check('tickets_channel', sql`${t.channel} in ('site', 'api', 'embed')`),
    index('tickets_status').on(t.status, t.createdAt),
    index('tickets_review_deadline')
      .on(t.reviewDeadline)
      .where(sql`${t.status} = 'on_review'`),
    index('tickets_expiry')
      .on(t.paymentDeadline)
      .where(sql`${t.status} in ('card_check', 'advance')`),
    // The open, unpaid tickets of a client, counted at every creation against ticket_limits.
    index('tickets_open_email')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} in ('card_check', 'advance')`),
    index('tickets_open_email_key')
      .on(t.emailKey)
      .where(sql`${t.status} in ('card_check', 'advance')`),
    index('tickets_open_user')
      .on(t.userId)
      .where(sql`${t.status} in ('card_check', 'advance')`),
    index('tickets_open_client_ip')
      .on(t.clientIp)
      .where(sql`${t.status} in ('card_check', 'advance')`),
    check('tickets_sums', sql`${t.giveSum} > 0 and ${t.getSum} > 0`),
    check(
      'tickets_excess_refund',
      sql`(${t.excessRefund} is null or (${t.excessRefund} > 0 and ${t.excessRefundFee} >= 0 and ${t.refundAddress} is not null)) and (${t.excessRefundTxid} is null or ${t.excessRefund} is not null)`,
    ),
    // The console's list of excess refunds still to send.
    index('tickets_excess_refund_owed')
      .on(t.createdAt)
      .where(sql`${t.excessRefund} is not null and ${t.excessRefundTxid} is null`),
    // No unpaid hold lives without a deadline (issue 42: a card photo used to clear it).
    check(
      'tickets_unpaid_deadline',
      sql`${t.status} not in ('card_check', 'advance') or ${t.paymentDeadline} is not null`,
    ),
    // Two tickets awaiting payment never share a derived address: their payments could not be told
    // apart. An unpaid cancelled ticket's address is given again (chain/address-pool.ts), to the newest holder.
    uniqueIndex('tickets_deposit_address')
      .on(t.depositChain, t.depositAddress)
      .where(
        sql`${t.depositAddress} is not null and not ${t.depositTagged} and ${t.status} in ('card_check', 'advance')`,
      ),
    index('tickets_deposit_watch')
      .on(t.depositChain, t.paymentDeadline)
      .where(sql`${t.depositAddress} is not null`),
  ],
);

/**
 * What arrived for a ticket (issue 35): a transaction the chain watcher saw, or a transfer an operator
 * entered for a manual direction. One row per ticket and transaction; it counts once confirmed.
 */
export const ticketPayments = pgTable(
  'ticket_payments',
  {
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    txid: text('txid').notNull(),
    amount: money('amount').notNull(),
    confirmations: integer('confirmations').notNull(),
    required: integer('required').notNull(),
    source: text('source', { enum: ['chain', 'operator'] }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    /** When it reached its confirmations and was counted toward the ticket: set once. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** It vanished from the chain (a reorg) before it was confirmed: it never counts. */
    goneAt: timestamp('gone_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.txid] }),
    check('ticket_payments_amount', sql`${t.amount} > 0`),
    check('ticket_payments_confirmations', sql`${t.confirmations} >= 0 and ${t.required} >= 0`),
  ],
);

/** The next derivation index (or amount tag) of each watched key: one row per chain and key. */
export const chainAddressCounters = pgTable('chain_address_counters', {
  key: text('key').primaryKey(),
  nextIndex: integer('next_index').notNull(),
});

/** What the chain watcher reported for each incoming transfer, so it reports a change once. */
export const chainObservations = pgTable(
  'chain_observations',
  {
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    txid: text('txid').notNull(),
    /** The output (Bitcoin) or log (Ethereum) index within the transaction; 0 where there is one transfer. */
    position: integer('position').notNull(),
    amount: money('amount').notNull(),
    confirmations: integer('confirmations').notNull(),
    gone: boolean('gone').notNull().default(false),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.txid, t.position] })],
);

/** Every status change of a ticket: who, when, from, to and why (design §5). */
export const ticketHistory = pgTable(
  'ticket_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: TICKET_STATUSES }),
    toStatus: text('to_status', { enum: TICKET_STATUSES }).notNull(),
    actor: text('actor').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_history_ticket').on(t.ticketId, t.createdAt)],
);

/** The card photo of a card-check ticket and the operator's verdict. */
export const cardChecks = pgTable('card_checks', {
  ticketId: text('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] })
    .notNull()
    .default('pending'),
  reason: text('reason'),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

/** Cards an operator has verified, per account (`user:<id>`; visitors' cards are not kept), by card hash. */
export const verifiedCards = pgTable(
  'verified_cards',
  {
    ownerKey: text('owner_key').notNull(),
    cardHash: text('card_hash').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerKey, t.cardHash] })],
);
