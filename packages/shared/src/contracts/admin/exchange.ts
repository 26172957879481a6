import * as z from '../zod';
import { CURRENCY_KINDS, priceSourceSchema, REQUISITE_KINDS } from '../exchange';
import { isExplorerTemplate, TX_HASH_FORMAT_NAMES } from '../../validation/tx-explorer';
import { CHAINS, WATCH_MODES } from '../../validation/chain-watch';
import { ADDRESS_FORMATS } from '../../validation/addresses';
import {
  decimalOf,
  amount,
  positiveAmount,
  percentText,
  text,
  requiredText,
  optionalText,
  intField,
  optionalIntField,
  wordList,
  currencyCode,
  isRegExp,
} from './fields';

// The operator console's calls that set up the exchange: currencies, directions, prices, reserves,
// what one client may hold, discount bands.

// ——— Currencies ———

/** The watched network; the console's "none" is an empty choice. */
const watchChain = z.preprocess((v) => (v === '' ? null : v), z.enum(CHAINS).nullable());
/** xpub and zpub (Bitcoin), Ltub and Mtub (Litecoin): public keys only. */
const EXTENDED_PUBLIC_KEY = /^(xpub|zpub|Ltub|Mtub)[1-9A-HJ-NP-Za-km-z]{100,112}$/;

export const adminRequisiteFieldSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .regex(/^[a-zA-Z][a-zA-Z0-9]{0,39}$/, 'validation.pattern'),
  kind: z.enum(REQUISITE_KINDS),
  labelRu: requiredText(100),
  labelEn: requiredText(100),
  hintRu: text(300),
  hintEn: text(300),
  placeholder: text(100),
  /** The example on English pages when it differs from the Russian one (a name, a bank). */
  placeholderEn: text(100).default(''),
  /** A RegExp source the value must match (after trimming; cards and phones without spaces). */
  pattern: requiredText(300).refine(isRegExp, 'admin.badPattern'),
  /** The address check of a network; the console's "none" is an empty choice. */
  format: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(ADDRESS_FORMATS).optional()),
  required: z.boolean(),
});
export type AdminRequisiteField = z.infer<typeof adminRequisiteFieldSchema>;

export const adminPayToSchema = z.object({
  labelRu: requiredText(100),
  labelEn: requiredText(100),
  value: requiredText(300),
});
export type AdminPayTo = z.infer<typeof adminPayToSchema>;

const uniqueNames = (fields: { name: string }[]) => new Set(fields.map((f) => f.name)).size === fields.length;

/** A block explorer's transaction page with `{txid}` for the hash; empty when there is none. */
const explorerTemplate = z
  .string()
  .trim()
  .max(300, 'validation.maxLength')
  .refine((value) => value === '' || isExplorerTemplate(value), 'admin.badExplorerUrl');

/** An amount a field may leave empty: none. */
const optionalAmount = z.preprocess((v) => (v === '' ? null : v), amount.nullable());

export const adminCurrencyFields = z.object({
  nameRu: requiredText(100),
  nameEn: requiredText(100),
  valute: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{2,10}$/, 'validation.pattern'),
  kind: z.enum(CURRENCY_KINDS),
  iconPath: requiredText(300).regex(/^\/[\w./-]+$/, 'validation.pattern'),
  scale: intField(0, 18),
  aliases: wordList(50, 50),
  highlighted: z.boolean(),
  giveEnabled: z.boolean(),
  getEnabled: z.boolean(),
  sortOrder: intField(-100_000, 100_000),
  referralPayout: z.boolean(),
  explorerTxUrl: explorerTemplate,
  txHashFormat: z.enum(TX_HASH_FORMAT_NAMES),
  messageGiveRu: text(1000),
  messageGiveEn: text(1000),
  messageGetRu: text(1000),
  messageGetEn: text(1000),
  giveFields: z.array(adminRequisiteFieldSchema).max(10).refine(uniqueNames, 'admin.duplicateField'),
  getFields: z.array(adminRequisiteFieldSchema).max(10).refine(uniqueNames, 'admin.duplicateField'),
  /** The exchanger's own requisites a client pays to. */
  payTo: z.array(adminPayToSchema).max(10),
  // How deposits are detected (issue 35, docs/payments.md); the server checks the whole set together.
  watchMode: z.enum(WATCH_MODES),
  watchChain: watchChain,
  /** An account's extended public key; a private one (xprv…) is refused by its form. */
  watchXpub: text(200).refine((v) => v === '' || EXTENDED_PUBLIC_KEY.test(v), 'admin.badXpub'),
  watchAddress: text(120),
  watchToken: text(120),
  watchDecimals: intField(0, 30),
  watchApiUrl: text(300).refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), 'admin.badApiUrl'),
  watchConfirmations: intField(1, 1000),
  /**
   * What sending this currency back costs, taken from an overpayment's excess before it goes back
   * (issue 45); empty: not set, and clients are not offered to get only the excess back.
   */
  refundFee: optionalAmount,
});
export const adminCurrencyPatch = adminCurrencyFields.partial();
export const adminCurrencyCreate = adminCurrencyFields.extend({
  // A currency with no explorer (a card, a bank) need not mention one.
  explorerTxUrl: explorerTemplate.default(''),
  txHashFormat: z.enum(TX_HASH_FORMAT_NAMES).default('hex64'),
  // A new currency is not watched until an operator sets it up.
  watchMode: z.enum(WATCH_MODES).default('off'),
  watchChain: watchChain.default(null),
  watchXpub: z.string().trim().max(200).default(''),
  watchAddress: text(120).default(''),
  watchToken: text(120).default(''),
  watchDecimals: intField(0, 30).default(8),
  watchApiUrl: text(300).default(''),
  watchConfirmations: intField(1, 1000).default(2),
  refundFee: optionalAmount.default(null),
  code: currencyCode,
  usdPrice: positiveAmount,
});

const requisiteFieldOut = z.object({
  name: z.string(),
  kind: z.enum(REQUISITE_KINDS),
  labelRu: z.string(),
  labelEn: z.string(),
  hintRu: z.string(),
  hintEn: z.string(),
  placeholder: z.string(),
  placeholderEn: z.string(),
  pattern: z.string(),
  format: z.enum(ADDRESS_FORMATS).optional(),
  required: z.boolean(),
});
export const adminCurrencySchema = z.object({
  code: z.string(),
  nameRu: z.string(),
  nameEn: z.string(),
  valute: z.string(),
  kind: z.enum(CURRENCY_KINDS),
  iconPath: z.string(),
  scale: z.number().int(),
  aliases: z.array(z.string()),
  highlighted: z.boolean(),
  giveEnabled: z.boolean(),
  getEnabled: z.boolean(),
  sortOrder: z.number().int(),
  referralPayout: z.boolean(),
  explorerTxUrl: z.string(),
  txHashFormat: z.enum(TX_HASH_FORMAT_NAMES),
  messageGiveRu: z.string(),
  messageGiveEn: z.string(),
  messageGetRu: z.string(),
  messageGetEn: z.string(),
  giveFields: z.array(requisiteFieldOut),
  getFields: z.array(requisiteFieldOut),
  payTo: z.array(z.object({ labelRu: z.string(), labelEn: z.string(), value: z.string() })),
  watchMode: z.enum(WATCH_MODES),
  watchChain: z.enum(CHAINS).nullable(),
  watchXpub: z.string(),
  watchAddress: z.string(),
  watchToken: z.string(),
  watchDecimals: z.number().int(),
  watchApiUrl: z.string(),
  watchConfirmations: z.number().int(),
  /** Why the chain API last failed; its directions are closed while it is set. */
  watchError: z.string().nullable(),
  /**
   * Per-ticket addresses: how many were handed out past the last one paid (`run`), against the gap
   * limit the operator's wallet is set to look ahead (CHAIN_GAP_LIMIT); listed currencies only.
   */
  watchAddresses: z.object({ run: z.number().int(), gapLimit: z.number().int(), lastUsed: z.number().int() }).nullish(),
  refundFee: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminCurrency = z.infer<typeof adminCurrencySchema>;

// ——— Directions ———

/** What is wrong with a direction's range, if anything: threshold within min…max, max ≥ min. */
export function directionRangeProblem(range: {
  minSum: string;
  threshold: string | null;
  maxSum: string;
}): { field: 'maxSum' | 'threshold'; key: 'admin.maxBelowMin' | 'admin.thresholdOutside' } | null {
  const min = decimalOf(range.minSum);
  const max = decimalOf(range.maxSum);
  // A value that is no amount already has its own field error; the range waits for amounts.
  if (!min || !max) return null;
  if (max.lt(min)) return { field: 'maxSum', key: 'admin.maxBelowMin' };
  if (range.threshold !== null) {
    const threshold = decimalOf(range.threshold);
    if (threshold && (threshold.lt(min) || threshold.gt(max)))
      return { field: 'threshold', key: 'admin.thresholdOutside' };
  }
  return null;
}

/** A time of day, `HH:MM`; empty is none. */
const clockTime = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'admin.clockTime')
    .nullable(),
);

const directionFields = z.object({
  enabled: z.boolean(),
  feePercent: percentText,
  fixedExtraPercent: percentText,
  minSum: positiveAmount,
  /** Replaces the minimum while set (spec §3); empty clears it. */
  threshold: z.preprocess((v) => (v === '' ? null : v), positiveAmount.nullable()),
  maxSum: positiveAmount,
  manual: z.boolean(),
  cardVerify: z.boolean(),
  paymentWindowMinutes: intField(1, 24 * 60),
  /** How long a card-check ticket waits for its photo before it is cancelled (issue 33); 30 when not given. */
  cardCheckWindowMinutes: intField(1, 24 * 60).optional(),
  /** How long a sent card photo waits for the operator's verdict before the ticket expires (issue 42); 60 when not given. */
  cardReviewWindowMinutes: intField(1, 24 * 60).optional(),
  quoteLifetimeSeconds: intField(5, 3600),
  /** Working hours in Moscow time, `HH:MM`; both empty: around the clock (issue 35). */
  opensAt: clockTime,
  closesAt: clockTime,
});

const checkRange = (
  value: {
    minSum: string;
    threshold: string | null;
    maxSum: string;
    opensAt?: string | null;
    closesAt?: string | null;
  },
  ctx: z.RefinementCtx,
) => {
  const problem = directionRangeProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.key });
  const hours = workingHoursProblem(value);
  if (hours) ctx.addIssue({ code: 'custom', path: [hours], message: 'admin.hoursIncomplete' });
};

/** Working hours are both times or neither, and not the same time (that would be no hours at all). */
export function workingHoursProblem(value: {
  opensAt?: string | null;
  closesAt?: string | null;
}): 'opensAt' | 'closesAt' | null {
  const opens = value.opensAt ?? null;
  const closes = value.closesAt ?? null;
  if ((opens === null) !== (closes === null)) return opens === null ? 'opensAt' : 'closesAt';
  return opens !== null && opens === closes ? 'closesAt' : null;
}

/** The direction form: every field, the range checked as a whole. */
export const adminDirectionForm = directionFields.superRefine(checkRange);
/** PATCH: any of the fields; the server checks the range once merged with what is stored. */
export const adminDirectionPatch = directionFields.partial();
export const adminDirectionCreate = directionFields
  .extend({ giveCode: currencyCode, getCode: currencyCode })
  .superRefine(checkRange)
  .refine((d) => d.giveCode !== d.getCode, { path: ['getCode'], message: 'admin.samePair' });

export const adminDirectionSchema = z.object({
  giveCode: z.string(),
  getCode: z.string(),
  enabled: z.boolean(),
  feePercent: z.string(),
  fixedExtraPercent: z.string(),
  minSum: z.string(),
  threshold: z.string().nullable(),
  maxSum: z.string(),
  manual: z.boolean(),
  cardVerify: z.boolean(),
  paymentWindowMinutes: z.number().int(),
  cardCheckWindowMinutes: z.number().int(),
  cardReviewWindowMinutes: z.number().int(),
  quoteLifetimeSeconds: z.number().int(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  /** Whether its payment waits for an operator, or is seen on its chain (issue 35). */
  detection: z.enum(['manual', 'automatic']),
  /** Whether a visitor can exchange it now (enabled, both sides on, fresh prices, within its hours). */
  available: z.boolean(),
  updatedAt: z.string(),
});
export type AdminDirection = z.infer<typeof adminDirectionSchema>;

// ——— Prices and reserves ———

export const adminPriceUpdate = z.object({
  usdPrice: positiveAmount,
  /** Past this age the price is stale and its directions close; empty: never stale. */
  maxAgeSeconds: optionalIntField(10, 30 * 86_400).optional(),
});

export const adminPriceSchema = z.object({
  currencyCode: z.string(),
  usdPrice: z.string(),
  /** `manual`: typed by an operator; otherwise the rate source that set it. */
  source: z.string(),
  maxAgeSeconds: z.number().int().nullable(),
  lastError: z.string().nullable(),
  checkedAt: z.string().nullable(),
  updatedAt: z.string(),
  ageSeconds: z.number().int(),
  stale: z.boolean(),
  /** A live median's sources (issue 45); empty for a price set by hand. */
  sources: z.array(priceSourceSchema),
});
export type AdminPrice = z.infer<typeof adminPriceSchema>;

/**
 * How the last refresh used a source's price of an asset: `counted` in the median; left out as an
 * `outlier` (beyond the spread from the median), `stale` (older than the asset's maximum age),
 * `missing` (the source never gave one: see its error), or `too_few` (under two fresh sources, no median).
 */
export const PRICE_VERDICTS = ['counted', 'outlier', 'stale', 'missing', 'too_few'] as const;
export type PriceVerdict = (typeof PRICE_VERDICTS)[number];

/** One source's last price of one asset, as the operator's prices screen shows it. */
export const adminPriceSourceSchema = z.object({
  valute: z.string(),
  source: priceSourceSchema,
  usdPrice: z.string().nullable(),
  /** When the price was current (the source's own time when it gives an older one). */
  priceAt: z.string().nullable(),
  ageSeconds: z.number().int().nullable(),
  checkedAt: z.string(),
  /** Why the last reading gave nothing, as the source or the network said it. */
  lastError: z.string().nullable(),
  verdict: z.enum(PRICE_VERDICTS),
  /** Its distance from the median it was judged against, signed, in percent. */
  deviationPercent: z.string().nullable(),
});
export type AdminPriceSource = z.infer<typeof adminPriceSourceSchema>;

export const adminPriceListSchema = z.object({
  /** RATE_SOURCE: `static` prices move only by hand; `live` ones follow the sources unless set by hand. */
  rateSource: z.enum(['static', 'live']),
  /** RATE_SPREAD_PERCENT: how far from the median a source may be and still count. */
  spreadPercent: z.string(),
  items: z.array(adminPriceSchema),
  /** Every asset's sources, by asset and source. */
  sources: z.array(adminPriceSourceSchema),
});
export type AdminPriceList = z.infer<typeof adminPriceListSchema>;

export const adminReserveUpdate = z.object({ balance: amount });
export const adminReserveSchema = z.object({
  currencyCode: z.string(),
  valute: z.string(),
  balance: z.string(),
  held: z.string(),
  available: z.string(),
  updatedAt: z.string(),
});
export type AdminReserve = z.infer<typeof adminReserveSchema>;

// ——— What one client may hold (issue 33) ———

const sharePercent = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'validation.pattern')
  .refine((v) => Number(v) > 0 && Number(v) <= 100, 'admin.limits.sharePercent');
export const adminTicketLimitsUpdate = z.object({
  openPerEmail: intField(1, 1000),
  openPerUser: intField(1, 1000),
  openPerAddress: intField(1, 100_000),
  /** Percent of a currency's free reserve one ticket may take. */
  reserveSharePercent: sharePercent,
  /** Percent of a currency's balance all unpaid tickets together may hold (issue 42); kept when not given. */
  unpaidHoldPercent: sharePercent.optional(),
});
export const adminTicketLimitsSchema = z.object({
  openPerEmail: z.number().int(),
  openPerUser: z.number().int(),
  openPerAddress: z.number().int(),
  reserveSharePercent: z.string(),
  unpaidHoldPercent: z.string(),
  updatedAt: z.string(),
});
export type AdminTicketLimits = z.infer<typeof adminTicketLimitsSchema>;

export const HOLD_CLIENT_KINDS = ['email', 'address'] as const;
/** A client's open unpaid tickets and what they hold, by e-mail or by the address they came from. */
export const adminHoldSchema = z.object({
  by: z.enum(HOLD_CLIENT_KINDS),
  client: z.string(),
  tickets: z.number().int(),
  held: z.array(z.object({ currencyCode: z.string(), valute: z.string(), amount: z.string() })),
  oldest: z.string(),
});
export type AdminHold = z.infer<typeof adminHoldSchema>;
export const adminHoldsSchema = z.array(adminHoldSchema);
export const adminHoldsCancel = z.object({
  by: z.enum(HOLD_CLIENT_KINDS),
  client: z.string().trim().min(1, 'validation.required').max(320, 'validation.maxLength'),
  note: optionalText(500),
});

// ——— Discount bands ———

const bandSchema = z.object({
  minTurnoverUsd: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .regex(/^\d{1,20}(\.\d{1,2})?$/, 'validation.pattern'),
  percent: percentText.refine((v) => !v.startsWith('-'), 'validation.pattern'),
});
export const adminDiscountBands = z.object({
  bands: z
    .array(bandSchema)
    .min(1, 'validation.required')
    .max(20)
    .superRefine((bands, ctx) => {
      const turnovers = bands.map((band) => decimalOf(band.minTurnoverUsd));
      // A turnover that is no amount already has its own field error: the order is checked once all are.
      if (turnovers.some((turnover) => turnover === null)) return;
      if (turnovers[0] && !turnovers[0].isZero()) {
        ctx.addIssue({ code: 'custom', path: [0, 'minTurnoverUsd'], message: 'admin.firstBandZero' });
      }
      for (let i = 1; i < bands.length; i += 1) {
        if (!turnovers[i]!.gt(turnovers[i - 1]!)) {
          ctx.addIssue({ code: 'custom', path: [i, 'minTurnoverUsd'], message: 'admin.bandsAscending' });
        }
      }
    }),
});
export type AdminDiscountBand = z.infer<typeof bandSchema>;
