import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { CHAINS, PAYOUT_MODES, PRICE_SOURCES, PRICE_VERDICTS, TX_HASH_FORMAT_NAMES, WATCH_MODES } from '@obmen/shared';

import { money, percent, createdAt, updatedAt, type RequisiteFieldRecord, type PayToRecord } from './columns';

// What the exchange offers: currencies, their prices and reserves, directions, what one client may
// hold, discount bands, the pairs' SEO texts.

export const currencies = pgTable(
  'currencies',
  {
    code: text('code').primaryKey(),
    nameRu: text('name_ru').notNull(),
    nameEn: text('name_en').notNull(),
    valute: text('valute').notNull(),
    iconPath: text('icon_path').notNull(),
    highlighted: boolean('highlighted').notNull().default(false),
    aliases: text('aliases')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    scale: integer('scale').notNull(),
    kind: text('kind', { enum: ['card', 'bank', 'crypto', 'emoney'] }).notNull(),
    giveEnabled: boolean('give_enabled').notNull().default(true),
    getEnabled: boolean('get_enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** What a client fills in to pay in this currency, and to receive it. */
    giveFields: jsonb('give_fields').$type<RequisiteFieldRecord[]>().notNull().default([]),
    getFields: jsonb('get_fields').$type<RequisiteFieldRecord[]>().notNull().default([]),
    /** The operator's notes under each side of the converter. */
    messageGiveRu: text('message_give_ru').notNull().default(''),
    messageGiveEn: text('message_give_en').notNull().default(''),
    messageGetRu: text('message_get_ru').notNull().default(''),
    messageGetEn: text('message_get_en').notNull().default(''),
    /** Where clients pay this currency to: the exchanger's card, phone or wallet, shown on the payment page. */
    payTo: jsonb('pay_to').$type<PayToRecord[]>().notNull().default([]),
    /** Whether referral rewards can be withdrawn in this currency. */
    referralPayout: boolean('referral_payout').notNull().default(false),
    /** A block explorer's transaction page, `{txid}` for the hash; empty: payout references link nowhere. */
    explorerTxUrl: text('explorer_tx_url').notNull().default(''),
    /** How this network writes a transaction hash: only such a reference gets the explorer link. */
    txHashFormat: text('tx_hash_format', { enum: TX_HASH_FORMAT_NAMES }).notNull().default('hex64'),
    /** How deposits in this currency are recognised (issue 35): 'off' waits for "I paid". */
    watchMode: text('watch_mode', { enum: WATCH_MODES }).notNull().default('off'),
    /** The network read for them, which decides the address form and the API's kind. */
    watchChain: text('watch_chain', { enum: CHAINS }),
    /** The account's extended public key (zpub, xpub, Ltub…) per-ticket addresses are derived from. */
    watchXpub: text('watch_xpub').notNull().default(''),
    /** The one address of 'amount_tag': tickets are told apart by the exact amount. */
    watchAddress: text('watch_address').notNull().default(''),
    /** A token's contract (USDT on TRON or Ethereum); empty for the network's own coin. */
    watchToken: text('watch_token').notNull().default(''),
    /** The decimals of the amounts the chain reports (8 for BTC, 6 for USDT, 18 for ETH). */
    watchDecimals: integer('watch_decimals').notNull().default(8),
    /** The chain API's base URL (Esplora, TronGrid, an Ethereum JSON-RPC node). */
    watchApiUrl: text('watch_api_url').notNull().default(''),
    /** A deposit counts as paid at this many confirmations. */
    watchConfirmations: integer('watch_confirmations').notNull().default(2),
    /** Why the chain API last failed; while set, the currency's directions are closed like a stale price's. */
    watchError: text('watch_error'),
    /** The chain's height its API last gave, and when that height was first seen (issue 48: the status page's lag). */
    watchTip: bigint('watch_tip', { mode: 'number' }),
    watchTipSeenAt: timestamp('watch_tip_seen_at', { withTimezone: true }),
    /** How payouts in this currency go out (issue 44): by a person, or by a provider within the limits below. */
    payoutMode: text('payout_mode', { enum: PAYOUT_MODES }).notNull().default('manual'),
    /** Automatic payout limits in this currency; null: none. Over one, a payout waits for an operator. */
    payoutMaxPerTicket: money('payout_max_per_ticket'),
    payoutMaxPerDay: money('payout_max_per_day'),
    payoutMaxPerCustomerDay: money('payout_max_per_customer_day'),
    /** Above this, two different operators approve. */
    payoutFourEyesAbove: money('payout_four_eyes_above'),
    /** A customer's first exchange waits this long before it is sent. */
    payoutFirstDelayMinutes: integer('payout_first_delay_minutes').notNull().default(0),
    /** Why the provider cannot pay now (its balance is below a payout); while set, the directions paying out this currency are closed. */
    payoutBlocked: text('payout_blocked'),
    /**
     * What sending money back in this currency costs, taken from the excess of an overpayment before
     * it goes back (issue 45); null: not set, and the choice to refund only the excess is not offered.
     */
    refundFee: money('refund_fee'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('currencies_code_format', sql`${t.code} ~ '^[A-Z0-9]{2,20}$'`),
    check('currencies_scale_range', sql`${t.scale} between 0 and 18`),
    check('currencies_watch_confirmations', sql`${t.watchConfirmations} between 1 and 1000`),
    check('currencies_watch_decimals', sql`${t.watchDecimals} between 0 and 30`),
    check('currencies_payout_delay', sql`${t.payoutFirstDelayMinutes} between 0 and 10080`),
    check('currencies_refund_fee', sql`${t.refundFee} >= 0`),
  ],
);

/** The USD price of each currency, from its rate source (design §4). */
export const prices = pgTable(
  'prices',
  {
    currencyCode: text('currency_code')
      .primaryKey()
      .references(() => currencies.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    usdPrice: numeric('usd_price', { precision: 38, scale: 18 }).notNull(),
    source: text('source').notNull().default('static'),
    /** Older than this, the price is stale and its directions close; null: an operator's price never goes stale. */
    maxAgeSeconds: integer('max_age_seconds'),
    /** Why the last refresh from the rate source failed (shown to operators); null after a good one. */
    lastError: text('last_error'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** A live price's sources: it is their median, as of `updated_at` (their oldest reading). Empty when set by hand. */
    sources: text('sources', { enum: PRICE_SOURCES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [check('prices_positive', sql`${t.usdPrice} > 0`)],
);

/**
 * Each public source's last price of an asset (a valute: BTC, RUB…) and how the last refresh used
 * it (issue 45): what a live price is the median of, and what the operator sees beside it.
 */
export const priceSources = pgTable(
  'price_sources',
  {
    valute: text('valute').notNull(),
    source: text('source', { enum: PRICE_SOURCES }).notNull(),
    /** The last price it gave; null until it gives one. */
    usdPrice: numeric('usd_price', { precision: 38, scale: 18 }),
    /** When that price was current: when it was read, or the source's own time when that is older. */
    priceAt: timestamp('price_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    /** Why the last reading gave no price; the one before it stays until it is stale. */
    lastError: text('last_error'),
    verdict: text('verdict', { enum: PRICE_VERDICTS }).notNull().default('missing'),
    /** Its distance from the median it was judged against, signed, in percent; null when not judged. */
    deviationPercent: numeric('deviation_percent', { precision: 12, scale: 4 }),
  },
  (t) => [
    primaryKey({ columns: [t.valute, t.source] }),
    check('price_sources_positive', sql`${t.usdPrice} is null or ${t.usdPrice} > 0`),
  ],
);

/** A give → get direction with its fee and range in the give currency (design §4). */
export const directions = pgTable(
  'directions',
  {
    giveCode: text('give_code')
      .notNull()
      .references(() => currencies.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    getCode: text('get_code')
      .notNull()
      .references(() => currencies.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    feePercent: percent('fee_percent').notNull(),
    fixedExtraPercent: percent('fixed_extra_percent').notNull().default('0.5'),
    minSum: money('min_sum').notNull(),
    threshold: money('threshold'),
    maxSum: money('max_sum').notNull(),
    manual: boolean('manual').notNull().default(true),
    cardVerify: boolean('card_verify').notNull().default(false),
    paymentWindowMinutes: integer('payment_window_minutes').notNull().default(30),
    /** How long a card-check ticket waits for its card photo before it is cancelled (issue 33). */
    cardCheckWindowMinutes: integer('card_check_window_minutes').notNull().default(30),
    /** How long a sent card photo waits for the operator's verdict before the ticket expires (issue 42). */
    cardReviewWindowMinutes: integer('card_review_window_minutes').notNull().default(60),
    quoteLifetimeSeconds: integer('quote_lifetime_seconds').notNull().default(30),
    /** Working hours in Moscow time (`HH:MM`, closing may be past midnight); none: around the clock. */
    opensAt: text('opens_at'),
    closesAt: text('closes_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.giveCode, t.getCode] }),
    check('directions_distinct', sql`${t.giveCode} <> ${t.getCode}`),
    check('directions_range', sql`${t.minSum} > 0 and ${t.maxSum} >= ${t.minSum}`),
    check('directions_fee', sql`${t.feePercent} > -100 and ${t.feePercent} < 100`),
    check('directions_hours', sql`(${t.opensAt} is null) = (${t.closesAt} is null)`),
  ],
);

/** What the exchanger holds of a currency; open tickets hold parts of it (design §4). */
export const reserves = pgTable(
  'reserves',
  {
    currencyCode: text('currency_code')
      .primaryKey()
      .references(() => currencies.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    balance: money('balance').notNull().default('0'),
    /** The get amounts of open tickets: each holds its amount from creation until it ends (design §4). */
    held: money('held').notNull().default('0'),
    /** The part of `held` held by tickets not paid yet: capped at ticket_limits.unpaid_hold_percent of the balance (issue 42). */
    heldUnpaid: money('held_unpaid').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reserves_non_negative', sql`${t.balance} >= 0`),
    check('reserves_held_non_negative', sql`${t.held} >= 0`),
    check('reserves_held_unpaid_within_held', sql`${t.heldUnpaid} >= 0 and ${t.heldUnpaid} <= ${t.held}`),
  ],
);

/**
 * How much one client may hold of the reserves (one row, id 1; issue 33): open unpaid tickets per
 * e-mail, per signed-in user and per address, and the share of a currency's free reserve one ticket
 * may take. Operators edit it in the console.
 */
export const ticketLimits = pgTable(
  'ticket_limits',
  {
    id: integer('id').primaryKey().default(1),
    openPerEmail: integer('open_per_email').notNull().default(3),
    openPerUser: integer('open_per_user').notNull().default(3),
    openPerAddress: integer('open_per_address').notNull().default(10),
    reserveSharePercent: percent('reserve_share_percent').notNull().default('50'),
    /**
     * Percent of a currency's balance all unpaid tickets together may hold (issue 42); past it a
     * ticket holds nothing until its payment counts, so unpaid tickets cannot shut out the next client.
     */
    unpaidHoldPercent: percent('unpaid_hold_percent').notNull().default('50'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('ticket_limits_single_row', sql`${t.id} = 1`),
    check('ticket_limits_unpaid_hold', sql`${t.unpaidHoldPercent} >= 0 and ${t.unpaidHoldPercent} <= 100`),
    check(
      'ticket_limits_range',
      sql`${t.openPerEmail} >= 1 and ${t.openPerUser} >= 1 and ${t.openPerAddress} >= 1 and ${t.reserveSharePercent} > 0 and ${t.reserveSharePercent} <= 100`,
    ),
  ],
);

/** The logged-in discount by successful USD turnover (design §4), editable by operators. */
export const discountBands = pgTable(
  'discount_bands',
  {
    minTurnoverUsd: numeric('min_turnover_usd', { precision: 38, scale: 2 }).primaryKey(),
    percent: percent('percent').notNull(),
  },
  (t) => [check('discount_bands_range', sql`${t.minTurnoverUsd} >= 0 and ${t.percent} >= 0 and ${t.percent} < 100`)],
);

/** The texts of a pair page: meta tags, heading and the SEO text under the converter. */
export const seoPairs = pgTable(
  'seo_pairs',
  {
    giveCode: text('give_code')
      .notNull()
      .references(() => currencies.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    getCode: text('get_code')
      .notNull()
      .references(() => currencies.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    metaTitleRu: text('meta_title_ru').notNull(),
    metaTitleEn: text('meta_title_en').notNull(),
    metaDescriptionRu: text('meta_description_ru').notNull(),
    metaDescriptionEn: text('meta_description_en').notNull(),
    keywordsRu: text('keywords_ru').notNull().default(''),
    keywordsEn: text('keywords_en').notNull().default(''),
    siteHeaderRu: text('site_header_ru').notNull(),
    siteHeaderEn: text('site_header_en').notNull(),
    textTitleRu: text('text_title_ru').notNull(),
    textTitleEn: text('text_title_en').notNull(),
    textBodyRu: text('text_body_ru').notNull(),
    textBodyEn: text('text_body_en').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.giveCode, t.getCode] })],
);
