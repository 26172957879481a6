import * as z from '../zod';
import { amount, decimalOf, intField, requiredText, adminListQuery } from './fields';

// Automatic payouts of paid tickets (issue 44): the console's queue, its decisions, and each
// currency's provider and limits.

/** How a currency is paid out: by a person (today), or by a provider within limits. */
export const PAYOUT_MODES = ['manual', 'electrum', 'binance'] as const;
export type PayoutMode = (typeof PAYOUT_MODES)[number];

/**
 * A payout's life: `queued` (waits for its turn, or its `notBefore`), `awaiting_approval` (over a
 * limit: one operator, or two above the four-eyes threshold), `sending` (with the provider),
 * `unknown` (the call's outcome is not known: reconciled from the provider's history, or by an
 * operator), `sent` (its transaction is known: the ticket succeeded), `failed` (the provider says
 * it did not leave: retry or cancel), `cancelled` (left to a person: the ticket is paid by hand).
 */
export const PAYOUT_STATES = [
  'queued',
  'awaiting_approval',
  'sending',
  'unknown',
  'sent',
  'failed',
  'cancelled',
] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** Why a payout waits for people or for time. */
export const PAYOUT_HOLD_REASONS = [
  'over_ticket_limit',
  'over_day_limit',
  'over_customer_limit',
  'four_eyes',
  'first_exchange',
] as const;
export type PayoutHoldReason = (typeof PAYOUT_HOLD_REASONS)[number];

export const adminTicketPayoutQuery = adminListQuery.extend({ state: z.enum(PAYOUT_STATES).optional() });

export const adminTicketPayoutSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  ticketNumber: z.number().int(),
  currencyCode: z.string(),
  valute: z.string(),
  amount: z.string(),
  address: z.string(),
  memo: z.string().nullable(),
  provider: z.enum(PAYOUT_MODES),
  state: z.enum(PAYOUT_STATES),
  /** Why it waits (limits, first exchange), or why it failed or was cancelled, as the provider or operator said. */
  holdReasons: z.array(z.enum(PAYOUT_HOLD_REASONS)),
  approvalsNeeded: z.number().int(),
  approvals: z.array(z.object({ operator: z.string(), at: z.string() })),
  /** The idempotency key of the current attempt (`withdrawOrderId`). */
  key: z.string(),
  attempt: z.number().int(),
  providerRef: z.string().nullable(),
  txid: z.string().nullable(),
  txidUrl: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Not sent before this time (a first exchange's delay, a rate limit, a short balance). */
  notBefore: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminTicketPayout = z.infer<typeof adminTicketPayoutSchema>;

/** A currency's provider as the console sees it: its health and balance against what waits. */
export const adminPayoutProviderSchema = z.object({
  currencyCode: z.string(),
  valute: z.string(),
  mode: z.enum(PAYOUT_MODES),
  /** Last balance read, exact decimal text; null before the first read. */
  balance: z.string().nullable(),
  balanceAt: z.string().nullable(),
  /** Why the last read failed (the provider is down, credentials refused). */
  error: z.string().nullable(),
  /** What the queued and approval-awaiting payouts of this currency add up to. */
  waiting: z.string(),
  /** The balance is below a payout: the currency's directions are closed until it is not. */
  short: z.boolean(),
});
export type AdminPayoutProvider = z.infer<typeof adminPayoutProviderSchema>;

export const adminTicketPayoutListSchema = z.object({
  items: z.array(adminTicketPayoutSchema),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  counts: z.record(z.enum(PAYOUT_STATES), z.number().int()),
  providers: z.array(adminPayoutProviderSchema),
  /** PAYOUTS is on: without it every payout is made by hand and nothing is queued. */
  enabled: z.boolean(),
});
export type AdminTicketPayoutList = z.infer<typeof adminTicketPayoutListSchema>;

/** Retry (a failed payout, a new attempt with a new key) or cancel (left to a person): always with a reason. */
export const adminPayoutReason = z.object({ reason: requiredText(1000) });

/** What an operator says of a payout reconciliation could not settle. */
export const adminPayoutResolve = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('sent'), txid: requiredText(200), reason: requiredText(1000) }),
  /** Not sent: a new attempt with a new key goes into the queue. */
  z.object({ outcome: z.literal('not_sent'), reason: requiredText(1000) }),
]);
export type AdminPayoutResolve = z.infer<typeof adminPayoutResolve>;

// An empty limit field means "no limit".
const optionalAmount = z.preprocess((v) => (v === '' || v === undefined ? null : v), amount.nullable());

/** The limits of a currency's automatic payouts, in that currency; null: no limit. */
export const payoutLimitsSchema = z.object({
  maxPerTicket: optionalAmount,
  maxPerDay: optionalAmount,
  maxPerCustomerDay: optionalAmount,
  /** Above this, two different operators must approve. */
  fourEyesAbove: optionalAmount,
  /** A customer's first exchange waits this long before it is sent (an operator may approve it sooner). */
  firstExchangeDelayMinutes: intField(0, 10_080),
});
export type PayoutLimits = z.infer<typeof payoutLimitsSchema>;

export const electrumSettingsSchema = z.object({
  /** The daemon's JSON-RPC address (`http://127.0.0.1:7777`). */
  url: z.url({ protocol: /^https?$/, error: 'validation.pattern' }),
  username: requiredText(100),
});
export const binanceSettingsSchema = z.object({
  baseUrl: z.url({ protocol: /^https?$/, error: 'validation.pattern' }),
  /** Binance's coin and network names (`USDT`, `TRX`). */
  coin: requiredText(20),
  network: requiredText(20),
});

/** Secrets are written, never read back: an empty field keeps what is stored. */
const secret = z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(1).max(500).optional());
export const electrumCredentialsSchema = z.object({ password: secret, walletPassword: secret });
export const binanceCredentialsSchema = z.object({ apiKey: secret, apiSecret: secret });

// What the console reads back: plain values (the input schemas above parse form text).
const limitsView = z.object({
  maxPerTicket: z.string().nullable(),
  maxPerDay: z.string().nullable(),
  maxPerCustomerDay: z.string().nullable(),
  fourEyesAbove: z.string().nullable(),
  firstExchangeDelayMinutes: z.number().int(),
});

export const adminPayoutSettingsSchema = z.object({
  currencyCode: z.string(),
  valute: z.string(),
  mode: z.enum(PAYOUT_MODES),
  electrum: z.object({ url: z.string(), username: z.string() }).nullable(),
  binance: z.object({ baseUrl: z.string(), coin: z.string(), network: z.string() }).nullable(),
  /** Which secrets are stored, by their field names (their values are never shown again). */
  storedSecrets: z.array(z.string()),
  limits: limitsView,
  updatedAt: z.string().nullable(),
});
export type AdminPayoutSettings = z.infer<typeof adminPayoutSettingsSchema>;

export const adminPayoutSettingsUpdate = z
  .discriminatedUnion('mode', [
    z.object({ mode: z.literal('manual'), limits: payoutLimitsSchema }),
    z.object({
      mode: z.literal('electrum'),
      electrum: electrumSettingsSchema,
      credentials: electrumCredentialsSchema,
      limits: payoutLimitsSchema,
    }),
    z.object({
      mode: z.literal('binance'),
      binance: binanceSettingsSchema,
      credentials: binanceCredentialsSchema,
      limits: payoutLimitsSchema,
    }),
  ])
  .superRefine((value, ctx) => {
    const { maxPerTicket, fourEyesAbove } = value.limits;
    const max = decimalOf(maxPerTicket);
    const fourEyes = decimalOf(fourEyesAbove);
    // Four eyes is a second threshold: below the one-approval limit it would never be the one that applies.
    if (max && fourEyes && fourEyes.lt(max)) {
      ctx.addIssue({ code: 'custom', path: ['limits', 'fourEyesAbove'], message: 'admin.fourEyesBelowLimit' });
    }
  });
export type AdminPayoutSettingsUpdate = z.input<typeof adminPayoutSettingsUpdate>;
