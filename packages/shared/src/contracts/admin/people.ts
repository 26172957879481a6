import * as z from '../zod';
import { USER_ROLES } from '../accounts';
import { amount, positiveAmount, requiredText, optionalText, intField, moment, adminListQuery } from './fields';

// The operator console's calls on people and money: users, promo codes, payouts, the audit log.

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
  /** Two-factor authentication on: an admin can turn it off for a user who lost the authenticator. */
  twoFactor: z.boolean(),
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
