import * as z from './zod';
import { Decimal } from '../money/decimal';
import { USER_ROLES } from './accounts';
import { PAGE_SLUGS } from './content';
import { CURRENCY_KINDS, REQUISITE_KINDS } from './exchange';
import { TICKET_STATUSES, ticketSchema } from './tickets';
import { isExplorerTemplate, TX_HASH_FORMAT_NAMES } from '../validation/tx-explorer';
import { CHAINS, WATCH_MODES } from '../validation/chain-watch';

/**
 * The operator console's calls (/api/admin/*). Bodies accept JSON and the console's form values
 * alike (numbers may come as text), so one schema checks the form and the request.
 */

// ——— Field rules ———

const AMOUNT_TEXT = /^\d{1,20}(\.\d{1,18})?$/;
/** The amount a field's text holds, or null when it holds none (zod runs a form's refinements even then). */
const decimalOf = (text: unknown) => (typeof text === 'string' && AMOUNT_TEXT.test(text) ? new Decimal(text) : null);
const amount = z.string().trim().min(1, 'validation.required').regex(AMOUNT_TEXT, 'validation.pattern');
const positiveAmount = amount.refine((v) => /[1-9]/.test(v), 'admin.mustBePositive');
const percentText = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .regex(/^-?\d{1,2}(\.\d{1,4})?$/, 'validation.pattern');
const text = (max: number) => z.string().trim().max(max, 'validation.maxLength');
const requiredText = (max: number) => text(max).min(1, 'validation.required');
/** An optional note: empty means none. */
const optionalText = (max: number) =>
  text(max)
    .optional()
    .transform((v) => v || undefined);

/** A whole number from JSON or from a form field's text. */
export const intField = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : /^-?\d+$/.test(v.trim()) ? Number(v) : NaN) : v),
    z.number().int().min(min).max(max),
  );
/** The same, where an empty field means "none". */
const optionalIntField = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : /^-?\d+$/.test(v.trim()) ? Number(v) : NaN) : v),
    z.number().int().min(min).max(max).nullable(),
  );
/** A comma-separated list typed in one field, or an array. */
const wordList = (maxItems: number, maxLength: number) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((word) => word.trim())
            .filter(Boolean)
        : v,
    z.array(z.string().trim().min(1).max(maxLength, 'validation.maxLength')).max(maxItems),
  );
/** A date (YYYY-MM-DD) or a time (an ISO timestamp, or a form's YYYY-MM-DDTHH:mm read as UTC). */
const moment = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim();
    if (s === '') return undefined;
    if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return `${s}T23:59:59.000Z`;
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(s)) return `${s}:00.000Z`;
    return s;
  },
  z.iso.datetime({ offset: true, error: 'validation.pattern' }),
);
const currencyCode = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .regex(/^[A-Za-z0-9]{2,20}$/, 'validation.pattern')
  .transform((c) => c.toUpperCase());

const isRegExp = (source: string) => {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
};

export const adminListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(50),
});

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), perPage: z.number().int(), total: z.number().int() });

// ——— Tickets ———

export const ADMIN_TICKET_ACTIONS = [
  'markPaid',
  'complete',
  'freeze',
  'release',
  'fail',
  'approveCard',
  'rejectCard',
  'cancel',
  'requestRefund',
  'refund',
] as const;
export type AdminTicketAction = (typeof ADMIN_TICKET_ACTIONS)[number];

/** The wire shape of every ticket action; what each one requires is in `adminTicketActionBodies`. */
export const adminTicketAction = z.object({
  note: z.string().max(1000, 'validation.maxLength').optional(),
  payoutReference: z.string().max(300, 'validation.maxLength').optional(),
  refundNote: z.string().max(1000, 'validation.maxLength').optional(),
  refundTxid: z.string().max(300, 'validation.maxLength').optional(),
  refundAddress: z.string().max(300, 'validation.maxLength').optional(),
});

/**
 * What each action asks of the operator (design §5). `note` is the reason the client reads on the
 * ticket and in the mail; the payout reference is the transaction id or transfer number.
 */
export const adminTicketActionBodies = {
  markPaid: z.object({ note: optionalText(1000) }),
  // A crypto payout's transaction is required and checked against its network (the server knows the currency).
  complete: z.object({ payoutReference: optionalText(300), note: optionalText(1000) }),
  freeze: z.object({ note: requiredText(1000) }),
  release: z.object({ note: optionalText(1000) }),
  fail: z.object({ note: requiredText(1000), refundNote: requiredText(1000) }),
  approveCard: z.object({ note: optionalText(1000) }),
  rejectCard: z.object({ note: requiredText(1000) }),
  cancel: z.object({ note: requiredText(1000) }),
  // The client asked support for their money back: the address is checked against the give currency's network.
  requestRefund: z.object({ refundAddress: requiredText(300), note: optionalText(1000) }),
  refund: z.object({ refundTxid: requiredText(300), note: optionalText(1000) }),
} satisfies Record<AdminTicketAction, z.ZodType>;

/** POST /api/admin/tickets/{id}/payment: what actually arrived on a manual direction, as the operator saw it. */
export const adminTicketPayment = z.object({
  amount: z.string().trim().min(1, 'validation.required').max(64, 'validation.maxLength'),
  /** The bank's transfer number or the transaction id: one payment is recorded once by it. */
  reference: requiredText(300),
});
export type AdminTicketPaymentBody = z.input<typeof adminTicketPayment>;

/** The queue's filters: one status, `open` (everything still needing hands) or all. */
export const ADMIN_TICKET_FILTERS = ['open', ...TICKET_STATUSES, 'all'] as const;
export type AdminTicketFilter = (typeof ADMIN_TICKET_FILTERS)[number];
export const adminTicketQuery = adminListQuery.extend({ status: z.enum(ADMIN_TICKET_FILTERS).default('open') });

const sideSummary = z.object({ code: z.string(), valute: z.string(), sum: z.string() });
const cardCheckStatus = z.enum(['none', 'pending', 'approved', 'rejected']);

export const adminTicketSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  give: sideSummary,
  get: sideSummary,
  manual: z.boolean(),
  fixed: z.boolean(),
  cardCheck: cardCheckStatus,
  paymentDeadline: z.string().nullable(),
});
export type AdminTicketSummary = z.infer<typeof adminTicketSummarySchema>;

export const adminTicketListSchema = paged(adminTicketSummarySchema).extend({
  /** How many tickets each status holds now, for the queue's tabs. */
  counts: z.record(z.enum(TICKET_STATUSES), z.number().int()),
});
export type AdminTicketList = z.infer<typeof adminTicketListSchema>;

const outboxItem = z.object({
  id: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  lang: z.enum(['ru', 'en']),
  status: z.enum(['pending', 'sent', 'failed', 'logged']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const adminOutboxSchema = outboxItem;
export type AdminOutboxMail = z.infer<typeof outboxItem>;

export const adminTicketDetailSchema = z.object({
  /** The ticket as its client sees it. */
  ticket: ticketSchema,
  userId: z.string().nullable(),
  username: z.string().nullable(),
  lang: z.enum(['ru', 'en']),
  refundNote: z.string().nullable(),
  feePercent: z.string(),
  discountPercent: z.string(),
  usdValue: z.string(),
  cardCheck: z.object({
    status: cardCheckStatus,
    reason: z.string().nullable(),
    uploadedAt: z.string().nullable(),
    decidedAt: z.string().nullable(),
  }),
  history: z.array(
    z.object({
      id: z.string(),
      from: z.enum(TICKET_STATUSES).nullable(),
      to: z.enum(TICKET_STATUSES),
      /** client, system, or the operator's name. */
      actor: z.string(),
      note: z.string().nullable(),
      at: z.string(),
    }),
  ),
  /** What can be done with it in its status now. */
  actions: z.array(z.enum(ADMIN_TICKET_ACTIONS)),
  /** The latest mails to the client's address. */
  mails: z.array(outboxItem),
});
export type AdminTicketDetail = z.infer<typeof adminTicketDetailSchema>;

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
});
export type AdminPrice = z.infer<typeof adminPriceSchema>;
export const adminPriceListSchema = z.object({
  /** RATE_SOURCE: `static` prices move only by hand; `live` ones follow the sources unless set by hand. */
  rateSource: z.enum(['static', 'live']),
  items: z.array(adminPriceSchema),
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

export const adminTicketLimitsUpdate = z.object({
  openPerEmail: intField(1, 1000),
  openPerUser: intField(1, 1000),
  openPerAddress: intField(1, 100_000),
  /** Percent of a currency's free reserve one ticket may take. */
  reserveSharePercent: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'validation.pattern')
    .refine((v) => Number(v) > 0 && Number(v) <= 100, 'admin.limits.sharePercent'),
});
export const adminTicketLimitsSchema = z.object({
  openPerEmail: z.number().int(),
  openPerUser: z.number().int(),
  openPerAddress: z.number().int(),
  reserveSharePercent: z.string(),
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

// ——— People and money ———

export const adminUserQuery = adminListQuery.extend({ role: z.enum(USER_ROLES).optional() });
export const adminUserPatch = z.object({ role: z.enum(USER_ROLES), blocked: z.boolean() }).partial();
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  lang: z.enum(['ru', 'en']),
  blocked: z.boolean(),
  refNumber: z.number().int(),
  createdAt: z.string(),
  tickets: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const PROMO_STATES = ['active', 'held', 'used', 'expired'] as const;
export const adminPromoQuery = adminListQuery.extend({ status: z.enum(PROMO_STATES).optional() });
export const adminPromoIssue = z.object({
  /** To one user; empty: an unassigned batch anyone can use. */
  username: optionalText(254),
  count: intField(1, 500).default(1),
  valueRub: positiveAmount.default('50'),
  minRub: amount.default('3000'),
  /** Empty: never expires. */
  expiresAt: z.preprocess((v) => (v === '' ? null : v), moment.nullable()).optional(),
});
export const adminPromoSchema = z.object({
  code: z.string(),
  username: z.string().nullable(),
  valueRub: z.string(),
  minRub: z.string(),
  status: z.enum(PROMO_STATES),
  ticketId: z.string().nullable(),
  ticketNumber: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  usedAt: z.string().nullable(),
});
export type AdminPromo = z.infer<typeof adminPromoSchema>;

export const PAYOUT_FILTERS = ['pending', 'approved', 'paid', 'rejected'] as const;
export const adminPayoutQuery = adminListQuery.extend({ status: z.enum(PAYOUT_FILTERS).optional() });
export const adminPayoutPay = z.object({ reference: requiredText(300) });
export const adminPayoutReject = z.object({ reason: requiredText(1000) });
export const adminPayoutSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  currencyCode: z.string(),
  valute: z.string(),
  sum: z.string(),
  amountUsd: z.string(),
  requisite: z.string(),
  addRequisite: z.string(),
  status: z.enum(['pending', 'paid', 'rejected']),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

export const adminAuditQuery = adminListQuery.extend({ resource: z.string().trim().max(40).optional() });
export const adminAuditSchema = z.object({
  id: z.string(),
  actorName: z.string(),
  action: z.string(),
  resource: z.string(),
  resourceId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditSchema>;

// ——— Site state ———

export const adminSiteStateSchema = z.object({
  convertEnabled: z.boolean(),
  headerRu: z.string(),
  textRu: z.string(),
  headerEn: z.string(),
  textEn: z.string(),
  /** Null until the first change. */
  updatedAt: z.string().nullable(),
});
export type AdminSiteState = z.infer<typeof adminSiteStateSchema>;

/** The statuses whose clients are on their way to the payment page, which maintenance closes (spec §2). */
export const AWAITING_PAYMENT_STATUSES = ['advance', 'card_check'] as const;

/**
 * The tickets a maintenance break would stop on their way to paying: asked for before the break
 * is switched on. The newest of them (the clients likeliest to be paying now); `total` counts them all.
 */
export const adminAwaitingPaymentSchema = z.object({
  total: z.number().int(),
  items: z.array(
    adminTicketSummarySchema.pick({
      id: true,
      number: true,
      status: true,
      createdAt: true,
      give: true,
      get: true,
      paymentDeadline: true,
    }),
  ),
});
export type AdminAwaitingPayment = z.infer<typeof adminAwaitingPaymentSchema>;

// ——— Content ———

const slug = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .regex(/^[a-z0-9-]{3,80}$/, 'validation.pattern');

export const adminNewsBody = z.object({
  slug,
  publishedAt: moment,
  titleRu: requiredText(300),
  titleEn: requiredText(300),
  summaryRu: text(1000),
  summaryEn: text(1000),
  bodyRu: text(50_000),
  bodyEn: text(50_000),
  published: z.boolean().default(true),
});
export const adminNewsSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  publishedAt: z.string(),
  titleRu: z.string(),
  titleEn: z.string(),
  summaryRu: z.string(),
  summaryEn: z.string(),
  bodyRu: z.string(),
  bodyEn: z.string(),
  published: z.boolean(),
  updatedAt: z.string(),
});
export type AdminNews = z.infer<typeof adminNewsSchema>;
export const adminNewsId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const adminPageBody = z.object({
  titleRu: requiredText(300),
  titleEn: requiredText(300),
  metaTitleRu: text(300),
  metaTitleEn: text(300),
  metaDescriptionRu: text(500),
  metaDescriptionEn: text(500),
  bodyRu: text(100_000),
  bodyEn: text(100_000),
});
const pageOut = z.object({
  slug: z.enum(PAGE_SLUGS),
  titleRu: z.string(),
  titleEn: z.string(),
  metaTitleRu: z.string(),
  metaTitleEn: z.string(),
  metaDescriptionRu: z.string(),
  metaDescriptionEn: z.string(),
  bodyRu: z.string(),
  bodyEn: z.string(),
  updatedAt: z.string(),
});
export const adminPageSchema = pageOut;
export type AdminPage = z.infer<typeof adminPageSchema>;

const faqItem = z.object({
  questionRu: requiredText(500),
  questionEn: requiredText(500),
  answerRu: requiredText(10_000),
  answerEn: requiredText(10_000),
});
export const adminFaqBody = z.object({ items: z.array(faqItem).max(100) });
export type AdminFaqItem = z.infer<typeof faqItem>;
const faqOut = z.object({ questionRu: z.string(), questionEn: z.string(), answerRu: z.string(), answerEn: z.string() });
export const adminPagesSchema = z.object({ pages: z.array(pageOut), faq: z.array(faqOut) });
export type AdminPages = z.infer<typeof adminPagesSchema>;

export const adminSeoBody = z.object({
  metaTitleRu: text(300),
  metaTitleEn: text(300),
  metaDescriptionRu: text(500),
  metaDescriptionEn: text(500),
  keywordsRu: text(500),
  keywordsEn: text(500),
  siteHeaderRu: text(300),
  siteHeaderEn: text(300),
  textTitleRu: text(300),
  textTitleEn: text(300),
  textBodyRu: text(50_000),
  textBodyEn: text(50_000),
});
export const adminSeoSchema = z.object({
  giveCode: z.string(),
  getCode: z.string(),
  metaTitleRu: z.string(),
  metaTitleEn: z.string(),
  metaDescriptionRu: z.string(),
  metaDescriptionEn: z.string(),
  keywordsRu: z.string(),
  keywordsEn: z.string(),
  siteHeaderRu: z.string(),
  siteHeaderEn: z.string(),
  textTitleRu: z.string(),
  textTitleEn: z.string(),
  textBodyRu: z.string(),
  textBodyEn: z.string(),
  updatedAt: z.string(),
});
export type AdminSeo = z.infer<typeof adminSeoSchema>;
export const adminPairParams = z.object({ give: currencyCode, get: currencyCode });

/** Markdown rendered exactly as visitors will see it. */
export const adminPreviewBody = z.object({ markdown: z.string().max(100_000, 'validation.maxLength') });
export const adminPreviewSchema = z.object({ html: z.string() });
