import * as z from './zod';
import { ADDRESS_FORMATS } from '../validation/addresses';

export const CURRENCY_SIDES = ['give', 'get'] as const;
export const currencySideSchema = z.enum(CURRENCY_SIDES);
export type CurrencySide = z.infer<typeof currencySideSchema>;

export const CURRENCY_KINDS = ['card', 'bank', 'crypto', 'emoney'] as const;

/** A decimal amount on the wire: a string, never a JS number. */
export const decimalString = z.string().regex(/^\d{1,21}(\.\d{1,18})?$/);

/** A currency as the converter lists it (spec §3), its name in the request's language. */
export const currencySchema = z.object({
  name: z.string(),
  codeName: z.string(),
  valute: z.string(),
  iconPath: z.string(),
  highlighted: z.boolean(),
  aliases: z.array(z.string()),
  scale: z.number().int().min(0),
  kind: z.enum(CURRENCY_KINDS),
});
export type Currency = z.infer<typeof currencySchema>;

const currencyCode = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(20, 'validation.maxLength')
  .regex(/^[A-Za-z0-9]+$/, 'validation.pattern')
  .transform((code) => code.toUpperCase());

// Query strings and forms carry booleans as text.
const flag = z.preprocess(
  (value) => (typeof value === 'string' ? ['true', '1', 'on', 'yes'].includes(value.toLowerCase()) : value),
  z.boolean(),
);

const pairQuery = z.object({
  giveName: currencyCode,
  getName: currencyCode,
  useFixedDirection: flag.optional().default(false),
});

/** GET /api/v1/Exchange/get_currencies/{x} */
export const getCurrencies = {
  params: z.object({ side: currencySideSchema }),
  response: z.array(currencySchema),
};

/** GET /api/v1/Exchange/get_currency/{x} */
export const getCurrency = { params: z.object({ x: currencyCode }), response: currencySchema };

/** GET /api/v1/Exchange/get_range, in the give currency; `threshold` replaces `minSum` when present (spec §3). */
export const rangeSchema = z.object({
  minSum: decimalString,
  threshold: decimalString.optional(),
  maxSum: decimalString,
});
export type Range = z.infer<typeof rangeSchema>;
export const getRange = { query: pairQuery, response: rangeSchema };

/** GET /api/v1/Exchange/get_reserve/{x} */
export const reserveSchema = z.object({ reserveAmount: decimalString });
export type Reserve = z.infer<typeof reserveSchema>;
export const getReserve = { params: z.object({ x: currencyCode }), response: reserveSchema };

/** GET /api/v1/Exchange/direction_status: `true` when the pair can be exchanged now. */
export const directionStatus = { query: pairQuery, response: z.boolean() };

/**
 * GET /api/v1/Exchange/directions: every pair the exchanger has a direction for (open now or not),
 * whether it has texts of its own (so a page asks for them only then: a 404 is no answer), and its
 * working hours in Moscow time when it keeps any (closed outside them; the converter says when it opens).
 */
export const pairSchema = z.object({
  giveName: z.string(),
  getName: z.string(),
  seo: z.boolean(),
  hours: z.object({ opensAt: z.string(), closesAt: z.string() }).nullable(),
});
export type DirectionPair = z.infer<typeof pairSchema>;
export const getDirections = { response: z.array(pairSchema) };

const overviewSide = { name: z.string(), valute: z.string(), iconPath: z.string(), scale: z.number().int().min(0) };

/**
 * GET /api/v1/Exchange/overview: what the home page shows below the converter, names in the
 * request's language: each receivable currency's reserve, and the most exchanged open pairs with
 * their rate now (units of the get currency for one of the give currency, before any discount).
 */
export const overviewSchema = z.object({
  reserves: z.array(z.object({ codeName: z.string(), ...overviewSide, reserveAmount: decimalString })),
  popular: z.array(
    z.object({
      give: z.object({ codeName: z.string(), ...overviewSide }),
      get: z.object({ codeName: z.string(), ...overviewSide }),
      rate: decimalString,
      /** The rate in the request's language, as the converter words it: "1 BTC = 7 845 336,64 RUB". */
      rateText: z.string(),
    }),
  ),
});
export type Overview = z.infer<typeof overviewSchema>;
export const getOverview = { response: overviewSchema };

/** GET /api/v1/Exchange/get_currency_message: the operator's note for a currency and side, or empty. */
export const getCurrencyMessage = {
  query: z.object({ currencyName: currencyCode, direction: currencySideSchema }),
  response: z.object({ message: z.string() }),
};

export const REQUISITE_KINDS = ['card', 'phone', 'name', 'address', 'memo', 'text', 'email'] as const;
export const requisiteFieldSchema = z.object({
  name: z.string(),
  kind: z.enum(REQUISITE_KINDS),
  label: z.string(),
  hint: z.string(),
  placeholder: z.string(),
  /** A RegExp source, applied after trimming (and, for cards and phones, after removing spaces and dashes). */
  pattern: z.string(),
  /** The network whose address this is: its checksum is checked too (bech32, base58check, EIP-55…). */
  format: z.enum(ADDRESS_FORMATS).optional(),
  required: z.boolean(),
});
export type RequisiteField = z.infer<typeof requisiteFieldSchema>;

/** GET /api/v1/Exchange/get_fields/{give}/{get}: what the client fills in for each side. */
export const getFields = {
  params: z.object({ x: currencyCode, y: currencyCode }),
  response: z.object({ give: z.array(requisiteFieldSchema), get: z.array(requisiteFieldSchema) }),
};

/** GET /api/v1/Exchange/course: how much of `getName` one unit of `giveName` buys now. */
export const getCourse = {
  query: pairQuery,
  response: z.object({ giveName: z.string(), getName: z.string(), rate: decimalString, fixed: z.boolean() }),
};

/** The public price sources a live price is the median of (issue 45): four exchanges for coins, two central banks for the rouble. */
export const PRICE_SOURCES = ['binance', 'okx', 'bybit', 'kraken', 'cbr', 'nbrb'] as const;
export const priceSourceSchema = z.enum(PRICE_SOURCES);
export type PriceSource = z.infer<typeof priceSourceSchema>;

/**
 * Where one side's live price came from: the median of these sources' prices (one source: its
 * price alone), the oldest of them read at `at`. Absent for a price set by hand.
 */
export const rateSourceSchema = z.object({
  valute: z.string(),
  sources: z.array(priceSourceSchema),
  at: z.string(),
});
export type RateSource = z.infer<typeof rateSourceSchema>;

/** POST /api/v1/Exchange/calculate: `sum` is the give amount for `sell`, the get amount for `buy`. */
export const calculateBody = z.object({
  giveName: currencyCode,
  getName: currencyCode,
  sum: z.string().trim().min(1, 'validation.required').max(64, 'validation.pattern'),
  direction: z.enum(['sell', 'buy']),
  useFixedDirection: flag.optional().default(false),
  promocode: z
    .string()
    .trim()
    .max(40, 'validation.maxLength')
    .optional()
    .transform((code) => code || undefined),
});
export type CalculateBody = z.input<typeof calculateBody>;

export const quoteSchema = z.object({
  giveSum: decimalString,
  getSum: decimalString,
  /** Units of the get currency for one unit of the give currency, after fee and discount. */
  rate: decimalString,
  /** Units of the give currency for one unit of the get currency: the same rate read the other way. */
  inverseRate: decimalString,
  /** When a fixed rate stops being honoured, and when the client should ask again. */
  expireTime: z.string(),
  /**
   * The quote's lifetime in seconds from when it was issued: a client counts down from its own
   * clock, which may not agree with the server's. Quotes issued within one second expire
   * together at the end of that second plus the lifetime, so a quote lives at least this long.
   */
  expiresIn: z.number().int().positive(),
  /** Signed; ticket creation checks it for a fixed rate. */
  quoteToken: z.string(),
  /** The fee in percent after the discount, with the fixed-rate extra when fixed. */
  fee: decimalString,
  /** The logged-in user's discount in percent (0 for visitors). */
  discount: decimalString,
  promo: z.object({ code: z.string(), bonus: decimalString }).nullable(),
  /** Why the promo code given was not applied, in the request's language; the quote stands without it. */
  promoError: z.string().nullable(),
  fixed: z.boolean(),
  /** What the rate is made of: one entry per side priced live (none for prices set by hand). */
  rateSources: z.array(rateSourceSchema),
  /** How many network confirmations the payment needs to count, when the give currency's chain is watched. */
  confirmations: z.number().int().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** GET /api/v1/seo/getbytickers */
export const seoQuery = z.object({ getCode: currencyCode, giveCode: currencyCode });
export const seoRecordSchema = z.object({
  metaTitle: z.string(),
  metaDescription: z.string(),
  keywords: z.string(),
  siteHeader: z.string(),
  textTitle: z.string(),
  textBody: z.string(),
});
export type SeoRecord = z.infer<typeof seoRecordSchema>;
