import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
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
import { CHAINS, PAYMENT_PROBLEMS, TICKET_STATUSES, TX_HASH_FORMAT_NAMES, WATCH_MODES } from '@obmen/shared';

export interface RequisiteFieldRecord {
  name: string;
  kind: 'card' | 'phone' | 'name' | 'address' | 'memo' | 'text' | 'email';
  labelRu: string;
  labelEn: string;
  hintRu: string;
  hintEn: string;
  /** An example value, on Russian pages and wherever the English one is empty (a card number). */
  placeholder: string;
  /** The example on English pages when it differs (a name, a bank); absent in older rows. */
  placeholderEn?: string;
  pattern: string;
  required: boolean;
}

export interface PayToRecord {
  labelRu: string;
  labelEn: string;
  value: string;
}

// Money and prices are `numeric`: drizzle hands them over as decimal strings, never as floats.
const money = (name: string) => numeric(name, { precision: 38, scale: 18 });
const percent = (name: string) => numeric(name, { precision: 9, scale: 4 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('currencies_code_format', sql`${t.code} ~ '^[A-Z0-9]{2,20}$'`),
    check('currencies_scale_range', sql`${t.scale} between 0 and 18`),
    check('currencies_watch_confirmations', sql`${t.watchConfirmations} between 1 and 1000`),
    check('currencies_watch_decimals', sql`${t.watchDecimals} between 0 and 30`),
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
    updatedAt: updatedAt(),
  },
  (t) => [check('prices_positive', sql`${t.usdPrice} > 0`)],
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
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reserves_non_negative', sql`${t.balance} >= 0`),
    check('reserves_held_non_negative', sql`${t.held} >= 0`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'operator', 'admin'] })
      .notNull()
      .default('user'),
    lang: text('lang', { enum: ['ru', 'en'] })
      .notNull()
      .default('ru'),
    /** The public number in referral links (`?r=`). */
    refNumber: bigint('ref_number', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 1001 }).notNull(),
    referrerId: uuid('referrer_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** A blocked user cannot log in; their sessions end when they are blocked. */
    blocked: boolean('blocked').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    uniqueIndex('users_ref_number').on(t.refNumber),
    index('users_referrer').on(t.referrerId),
  ],
);

/** A login: only the SHA-256 of its token is kept, so a database leak does not leak sessions. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/**
 * A user's TOTP second factor (RFC 6238). The secret is sealed with AES-256-GCM under
 * TWO_FACTOR_KEY (modules/accounts/two-factor-secret.ts); a row without `enabledAt` is an
 * enrolment still waiting for its first code. `lastUsedStep` refuses a code used once already.
 */
export const twoFactors = pgTable('two_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** One-time codes for when the authenticator is lost: only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** A mailed password-reset link: single use, expiring. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user').on(t.userId)],
);

/** Fixed-window counters shared by every server process (login failures per account and per IP). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * The last run of each scheduled job. Every process ticks; a run is claimed here with one
 * conditional upsert, so across all processes a job runs once per interval.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** When the job last ended without an error. */
  succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  runs: bigint('runs', { mode: 'number' }).notNull().default(0),
  failures: bigint('failures', { mode: 'number' }).notNull().default(0),
  lastError: text('last_error'),
});

/**
 * Every mail the product sends, written in the same transaction as the change it reports. Without
 * SMTP_URL a mail stays here (status `logged`) for the operator console; with it, it is delivered.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    lang: text('lang', { enum: ['ru', 'en'] }).notNull(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'logged'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_pending')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_to').on(t.toAddress),
  ],
);

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Whether exchanges can be made now, and the notice shown while they cannot (one row, id 1). */
export const siteState = pgTable(
  'site_state',
  {
    id: integer('id').primaryKey().default(1),
    convertEnabled: boolean('convert_enabled').notNull().default(true),
    headerRu: text('header_ru').notNull().default('Технический перерыв'),
    textRu: text('text_ru').notNull().default(''),
    headerEn: text('header_en').notNull().default('Maintenance break'),
    textEn: text('text_en').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [check('site_state_single_row', sql`${t.id} = 1`)],
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
    updatedAt: updatedAt(),
  },
  (t) => [
    check('ticket_limits_single_row', sql`${t.id} = 1`),
    check(
      'ticket_limits_range',
      sql`${t.openPerEmail} >= 1 and ${t.openPerUser} >= 1 and ${t.openPerAddress} >= 1 and ${t.reserveSharePercent} > 0 and ${t.reserveSharePercent} <= 100`,
    ),
  ],
);

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

/** An exchange order (design §5). Its id is random and is what a link to it carries. */
export const tickets = pgTable(
  'tickets',
  {
    id: text('id').primaryKey(),
    /** For people: the number a client quotes to support. */
    number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 100001 }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
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
    feePercent: percent('fee_percent').notNull(),
    discountPercent: percent('discount_percent').notNull(),
    /** The give amount in USD at creation: turnover for discounts, the base of referral rewards. */
    usdValue: numeric('usd_value', { precision: 38, scale: 2 }).notNull(),
    /** The exchanger's margin on the deal in percent at creation (referral rewards need ≥ 0.6 %). */
    profitPercent: percent('profit_percent').notNull(),
    promoCode: text('promo_code'),
    promoBonus: money('promo_bonus'),
    referrerId: uuid('referrer_id').references(() => users.id, { onDelete: 'set null' }),
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
    paymentDeadline: timestamp('payment_deadline', { withTimezone: true }),
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
    index('tickets_status').on(t.status, t.createdAt),
    index('tickets_expiry')
      .on(t.paymentDeadline)
      .where(sql`${t.status} in ('card_check', 'advance')`),
    // The open, unpaid tickets of a client, counted at every creation against ticket_limits.
    index('tickets_open_email')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} in ('card_check', 'advance')`),
    index('tickets_open_user')
      .on(t.userId)
      .where(sql`${t.status} in ('card_check', 'advance')`),
    index('tickets_open_client_ip')
      .on(t.clientIp)
      .where(sql`${t.status} in ('card_check', 'advance')`),
    check('tickets_sums', sql`${t.giveSum} > 0 and ${t.getSum} > 0`),
    // Two tickets never share a derived address: the watcher could not tell their payments apart.
    uniqueIndex('tickets_deposit_address')
      .on(t.depositChain, t.depositAddress)
      .where(sql`${t.depositAddress} is not null and not ${t.depositTagged}`),
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

/** Cards an operator has verified, per owner (a user, or an e-mail for visitors), by card hash. */
export const verifiedCards = pgTable(
  'verified_cards',
  {
    ownerKey: text('owner_key').notNull(),
    cardHash: text('card_hash').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerKey, t.cardHash] })],
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

/** The public pages (about, partner, rules, aml, faq, contacts) in both languages, Markdown. */
export const pages = pgTable('pages', {
  slug: text('slug').primaryKey(),
  titleRu: text('title_ru').notNull(),
  titleEn: text('title_en').notNull(),
  metaTitleRu: text('meta_title_ru').notNull(),
  metaTitleEn: text('meta_title_en').notNull(),
  metaDescriptionRu: text('meta_description_ru').notNull(),
  metaDescriptionEn: text('meta_description_en').notNull(),
  bodyRu: text('body_ru').notNull(),
  bodyEn: text('body_en').notNull(),
  updatedAt: updatedAt(),
});

export const faqItems = pgTable('faq_items', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  position: integer('position').notNull(),
  questionRu: text('question_ru').notNull(),
  questionEn: text('question_en').notNull(),
  answerRu: text('answer_ru').notNull(),
  answerEn: text('answer_en').notNull(),
  updatedAt: updatedAt(),
});

export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 1 }),
    slug: text('slug').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    titleRu: text('title_ru').notNull(),
    titleEn: text('title_en').notNull(),
    summaryRu: text('summary_ru').notNull(),
    summaryEn: text('summary_en').notNull(),
    bodyRu: text('body_ru').notNull(),
    bodyEn: text('body_en').notNull(),
    published: boolean('published').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('news_slug').on(t.slug), index('news_published').on(t.publishedAt)],
);

/** Every change made in the operator console: who, when, what, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt), index('audit_log_resource').on(t.resource, t.resourceId)],
);
