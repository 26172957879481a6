import * as z from './zod';
import { calculateBody, decimalString, quoteSchema } from './exchange';
import { createTicketBody, TICKET_STATUSES } from './tickets';

// The partner API (issue 47): keys a partner makes in its area, and the calls its server makes with one.

export const PARTNER_SCOPES = ['quotes', 'tickets:create', 'tickets:read', 'reports'] as const;
export type PartnerScope = (typeof PARTNER_SCOPES)[number];

export const PARTNER_KEY_TERMS = {
  /** Live (not revoked) keys one account may hold. */
  maxLiveKeys: 10,
  defaultRatePerMinute: 60,
  maxAllowedIps: 20,
  /** A report page holds at most this many tickets. */
  maxReportPage: 200,
} as const;

/** Where a ticket was made: the site, a partner's server with a key, or the embedded widget. */
export const TICKET_CHANNELS = ['site', 'api', 'embed'] as const;
export type TicketChannel = (typeof TICKET_CHANNELS)[number];

/** POST /api/v1/Partner/keys. Each allow-list entry is checked on the server (IPv4/IPv6 address or CIDR). */
export const createPartnerKeyBody = z.object({
  name: z.string().trim().min(1, 'validation.required').max(60, 'validation.maxLength'),
  scopes: z
    .array(z.enum(PARTNER_SCOPES))
    .min(1, 'partner.scopesRequired')
    .transform((scopes) => [...new Set(scopes)]),
  allowedIps: z
    .array(z.string().trim().max(60, 'validation.maxLength'))
    .max(PARTNER_KEY_TERMS.maxAllowedIps, 'validation.maxLength')
    .default([])
    .transform((entries) => [...new Set(entries.filter(Boolean))]),
  ratePerMinute: z.coerce.number().int().min(1).default(PARTNER_KEY_TERMS.defaultRatePerMinute),
});
export type CreatePartnerKeyBody = z.input<typeof createPartnerKeyBody>;

export const partnerKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The public part of the key (`obk_<prefix>_…`), to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(PARTNER_SCOPES)),
  allowedIps: z.array(z.string()),
  ratePerMinute: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type PartnerKey = z.infer<typeof partnerKeySchema>;

/** The answer of creating a key: the only time its secret is ever shown. */
export const createdPartnerKeySchema = partnerKeySchema.extend({ secret: z.string() });
export type CreatedPartnerKey = z.infer<typeof createdPartnerKeySchema>;

export const partnerKeysSchema = z.object({
  items: z.array(partnerKeySchema),
  maxLiveKeys: z.number().int(),
  maxRatePerMinute: z.number().int(),
});
export type PartnerKeys = z.infer<typeof partnerKeysSchema>;

export const partnerKeyParams = z.object({ id: z.uuid() });

/** POST /api/partner/v1/quote: the site's calculate without a promo code. */
export const partnerQuoteBody = calculateBody.omit({ promocode: true });

/** Why a quote is refused; every reason that applies comes at once. */
export const QUOTE_PROBLEMS = ['below_min', 'above_max', 'above_reserve_share', 'direction_closed'] as const;
export type QuoteProblem = (typeof QUOTE_PROBLEMS)[number];

const sideLimits = z.object({ currency: z.string(), min: decimalString, max: decimalString });
/** What one ticket of the pair may be now, on each side: the give and the get it comes to. */
export const quoteLimitsSchema = z.object({ give: sideLimits, get: sideLimits });
export type QuoteLimits = z.infer<typeof quoteLimitsSchema>;

export const partnerQuoteSchema = quoteSchema.extend({ limits: quoteLimitsSchema.nullable() });

/** 422 of a refused quote: each reason as a stable code with its message, and the limits (null when the pair has no price). */
export const quoteRefusalSchema = z.object({
  error: z.object({ code: z.literal('quote_refused'), message: z.string() }),
  problems: z.array(z.object({ code: z.enum(QUOTE_PROBLEMS), message: z.string() })),
  limits: quoteLimitsSchema.nullable(),
});
export type QuoteRefusal = z.infer<typeof quoteRefusalSchema>;

/** POST /api/partner/v1/tickets: the site's ticket body; the key names the partner, so no refId. */
export const partnerTicketBody = createTicketBody.omit({ refId: true });

/** GET /api/partner/v1/tickets/{ref}: a ticket id or its number. */
export const partnerTicketParams = z.object({
  ref: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[\w-]+$/),
});

/** GET /api/partner/v1/tickets: the partner's tickets created in [from, to), oldest first, a page at a time. */
export const partnerReportQuery = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  /** The previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PARTNER_KEY_TERMS.maxReportPage).default(50),
});
export type PartnerReportQuery = z.input<typeof partnerReportQuery>;

export const partnerReportRowSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  status: z.enum(TICKET_STATUSES),
  channel: z.enum(TICKET_CHANNELS),
  giveCurrency: z.string(),
  giveSum: decimalString,
  getCurrency: z.string(),
  getSum: decimalString,
  payoutTxid: z.string().nullable(),
  refundTxid: z.string().nullable(),
  /** The partner's referral reward on the ticket in USD, once it succeeded; null before (or when none is due). */
  commissionUsd: decimalString.nullable(),
});
export type PartnerReportRow = z.infer<typeof partnerReportRowSchema>;

export const partnerReportSchema = z.object({
  items: z.array(partnerReportRowSchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type PartnerReport = z.infer<typeof partnerReportSchema>;
