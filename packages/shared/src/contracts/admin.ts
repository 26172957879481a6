import { z } from 'zod';
import { decimalString } from './exchange';

/** Bodies of the operator console's calls (/api/admin/*). */

const amount = z
  .string()
  .trim()
  .regex(/^\d{1,20}(\.\d{1,18})?$/, 'validation.pattern');
const percentText = z
  .string()
  .trim()
  .regex(/^-?\d{1,2}(\.\d{1,4})?$/, 'validation.pattern');
const note = z.string().trim().max(1000, 'validation.maxLength');

export const ADMIN_TICKET_ACTIONS = [
  'markPaid',
  'complete',
  'freeze',
  'release',
  'fail',
  'approveCard',
  'rejectCard',
  'cancel',
] as const;
export const adminTicketAction = z.object({
  note: note.optional(),
  payoutReference: z.string().trim().max(300).optional(),
  refundNote: note.optional(),
});
export const adminTicketQuery = z.object({
  status: z.enum(['card_check', 'advance', 'new', 'frozen', 'error', 'deleted', 'success', 'open']).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(50),
});

export const adminCurrencyPatch = z
  .object({
    nameRu: z.string().min(1).max(100),
    nameEn: z.string().min(1).max(100),
    iconPath: z.string().max(300),
    highlighted: z.boolean(),
    aliases: z.array(z.string().max(50)).max(50),
    scale: z.number().int().min(0).max(18),
    giveEnabled: z.boolean(),
    getEnabled: z.boolean(),
    sortOrder: z.number().int(),
    messageGiveRu: z.string().max(1000),
    messageGiveEn: z.string().max(1000),
    messageGetRu: z.string().max(1000),
    messageGetEn: z.string().max(1000),
    referralPayout: z.boolean(),
  })
  .partial();

export const adminDirectionPatch = z
  .object({
    enabled: z.boolean(),
    feePercent: percentText,
    fixedExtraPercent: percentText,
    minSum: amount,
    threshold: amount.nullable(),
    maxSum: amount,
    manual: z.boolean(),
    cardVerify: z.boolean(),
    paymentWindowMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
    quoteLifetimeSeconds: z.number().int().min(5).max(3600),
  })
  .partial();

export const adminPriceUpdate = z.object({
  usdPrice: amount.refine((v) => Number(v) > 0 || /[1-9]/.test(v), 'validation.pattern'),
  maxAgeSeconds: z.number().int().min(10).nullable().optional(),
});

export const adminReserveUpdate = z.object({ balance: amount });

export const adminDiscountBands = z.object({
  bands: z
    .array(z.object({ minTurnoverUsd: amount, percent: percentText }))
    .min(1)
    .max(20),
});

export const adminUserPatch = z.object({ role: z.enum(['user', 'operator', 'admin']), blocked: z.boolean() }).partial();
export const adminListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(50),
});

export const adminPromoIssue = z.object({
  username: z.string().trim().max(254).optional(),
  count: z.number().int().min(1).max(500).default(1),
  valueRub: amount.default('50'),
  minRub: amount.default('3000'),
  expiresAt: z.iso.datetime().nullable().optional(),
});

export const adminPayoutPay = z.object({ reference: z.string().trim().min(1, 'validation.required').max(300) });
export const adminPayoutReject = z.object({ reason: z.string().trim().min(1, 'validation.required').max(1000) });

export const adminNewsBody = z.object({
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{3,80}$/, 'validation.pattern'),
  publishedAt: z.iso.datetime(),
  titleRu: z.string().min(1).max(300),
  titleEn: z.string().min(1).max(300),
  summaryRu: z.string().max(1000),
  summaryEn: z.string().max(1000),
  bodyRu: z.string().max(50_000),
  bodyEn: z.string().max(50_000),
  published: z.boolean().default(true),
});

export const adminPageBody = z.object({
  titleRu: z.string().min(1).max(300),
  titleEn: z.string().min(1).max(300),
  metaTitleRu: z.string().max(300),
  metaTitleEn: z.string().max(300),
  metaDescriptionRu: z.string().max(500),
  metaDescriptionEn: z.string().max(500),
  bodyRu: z.string().max(100_000),
  bodyEn: z.string().max(100_000),
});

export const adminSeoBody = z.object({
  metaTitleRu: z.string().max(300),
  metaTitleEn: z.string().max(300),
  metaDescriptionRu: z.string().max(500),
  metaDescriptionEn: z.string().max(500),
  keywordsRu: z.string().max(500),
  keywordsEn: z.string().max(500),
  siteHeaderRu: z.string().max(300),
  siteHeaderEn: z.string().max(300),
  textTitleRu: z.string().max(300),
  textTitleEn: z.string().max(300),
  textBodyRu: z.string().max(50_000),
  textBodyEn: z.string().max(50_000),
});

export const adminReserveSchema = z.object({
  currencyCode: z.string(),
  balance: decimalString,
  held: decimalString,
  available: decimalString,
});
