import * as z from './zod';
import { compareAmounts, decimalPlaces, normalizeAmount } from '../money/amount-text';
import { requisiteProblem } from '../validation/requisites';
import { decimalString, requisiteFieldSchema } from './exchange';

/** The programme's terms (spec §1); the pages state them and the server applies them. */
export const REFERRAL_TERMS = {
  /** Of the USD value of each successful first-level referral ticket. */
  rewardPercent: '0.5',
  /** No reward on a deal that earned the exchanger less than this. */
  minProfitPercent: '0.6',
  /** Referrals with at least one successful ticket needed before a withdrawal. */
  activeReferralsRequired: 5,
  minPayoutUsd: '10',
  payoutHours: 24,
} as const;

/** GET /api/v1/Ref/visit/{x}: x is the referrer's number from `?r=`. */
export const refVisitParams = z.object({ x: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const refSummarySchema = z.object({
  refId: z.number().int(),
  /** The personal link on the site's public address: `/{lang}/?r=ID`. */
  link: z.string(),
  visits: z.number().int(),
  referrals: z.number().int(),
  activeReferrals: z.number().int(),
  balanceUsd: decimalString,
  earnedUsd: decimalString,
  /** Asked for and not yet paid: taken off the balance already. */
  pendingUsd: decimalString,
  paidOutUsd: decimalString,
  /** The terms the server applies, so a page states the same numbers it enforces. */
  activeReferralsRequired: z.number().int(),
  minPayoutUsd: decimalString,
  /** Null when a withdrawal can be asked for; otherwise why not, in the request language. */
  withdrawBlockedReason: z.string().nullable(),
});
export type RefSummary = z.infer<typeof refSummarySchema>;

export const refCurrencySchema = z.object({
  codeName: z.string(),
  name: z.string(),
  valute: z.string(),
  iconPath: z.string(),
  scale: z.number().int(),
  /** The smallest payout in this currency (the USD minimum at today's price). */
  minSum: decimalString,
  /** The balance in this currency at today's price; null when it does not reach `minSum`. */
  maxSum: decimalString.nullable(),
  /** Why nothing can be withdrawn in this currency now (in the request's language); null when it can. */
  unavailableReason: z.string().nullable(),
  requisite: requisiteFieldSchema,
  addRequisite: requisiteFieldSchema.nullable(),
});
export type RefCurrency = z.infer<typeof refCurrencySchema>;

export const refChargeSchema = z.object({
  ticketNumber: z.number().int(),
  date: z.string(),
  ticketUsd: decimalString,
  amountUsd: decimalString,
});

export const refPayoutSchema = z.object({
  id: z.string(),
  date: z.string(),
  currency: z.string(),
  valute: z.string(),
  sum: decimalString,
  amountUsd: decimalString,
  requisite: z.string(),
  status: z.enum(['pending', 'paid', 'rejected']),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
});
export type RefPayout = z.infer<typeof refPayoutSchema>;

const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), page: z.number().int(), perPage: z.number().int(), total: z.number().int() });
export type RefCharge = z.infer<typeof refChargeSchema>;
export const refChargesPage = paged(refChargeSchema);
export type RefChargesPage = z.infer<typeof refChargesPage>;
export const refPayoutsPage = paged(refPayoutSchema);
export type RefPayoutsPage = z.infer<typeof refPayoutsPage>;

/** POST /api/v1/Ref/createpayout (field names as spec §7). */
export const createPayoutBody = z.object({
  Currency: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(20)
    .transform((c) => c.toUpperCase()),
  Sum: z.string().trim().min(1, 'validation.required').max(40),
  Requisite: z.string().trim().min(1, 'validation.required').max(200, 'validation.maxLength'),
  AddRequisite: z.string().trim().max(200, 'validation.maxLength').optional().default(''),
});
export type CreatePayoutBody = z.input<typeof createPayoutBody>;

/**
 * The payout form's checks in the browser, for the currency chosen (its scale, today's minimum,
 * the balance, the requisite fields): the same rules the server applies, so most mistakes are
 * caught before sending. Every field is checked at once; the sum goes out normalised.
 */
export function payoutFormSchema(currency: RefCurrency | undefined) {
  const form = z.object({ Currency: z.string(), Sum: z.string(), Requisite: z.string(), AddRequisite: z.string() });
  return form
    .superRefine((values, ctx) => {
      const problem = (path: keyof typeof values, message: string, params?: Record<string, string | number>) =>
        ctx.addIssue({ code: 'custom', path: [path], message, ...(params && { params }) });
      if (!currency) return problem('Currency', 'validation.required');
      if (currency.maxSum === null) {
        return problem('Currency', 'referral.balanceBelowMinimum', { value: `${currency.minSum} ${currency.valute}` });
      }
      const typed = values.Sum.trim();
      const amount = normalizeAmount(typed);
      if (!typed) problem('Sum', 'validation.required');
      else if (amount === null) problem('Sum', 'validation.pattern');
      else if (decimalPlaces(amount) > currency.scale) {
        problem('Sum', 'exchange.tooManyDecimals', { value: currency.scale });
      } else if (compareAmounts(amount, currency.minSum) < 0) {
        problem('Sum', 'referral.belowMinimum', { value: `${currency.minSum} ${currency.valute}` });
      } else if (compareAmounts(amount, currency.maxSum) > 0) problem('Sum', 'referral.overBalance');
      const requisite = requisiteProblem(currency.requisite, values.Requisite);
      if (requisite) problem('Requisite', requisite);
      const additional = currency.addRequisite && requisiteProblem(currency.addRequisite, values.AddRequisite);
      if (additional) problem('AddRequisite', additional);
    })
    .transform((values): CreatePayoutBody => ({
      Currency: values.Currency,
      Sum: normalizeAmount(values.Sum) ?? values.Sum,
      Requisite: values.Requisite.trim(),
      AddRequisite: currency?.addRequisite ? values.AddRequisite.trim() : '',
    }));
}

export const promoCodeSchema = z.object({
  code: z.string(),
  valueRub: decimalString,
  minRub: decimalString,
  status: z.enum(['active', 'held', 'used', 'expired']),
  expiresAt: z.string().nullable(),
  usedAt: z.string().nullable(),
  ticketNumber: z.number().int().nullable(),
  /** The ticket that holds or used the code, when it is the user's own (a link to it). */
  ticketId: z.string().nullable(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;
export const promoCodesPage = paged(promoCodeSchema);
export type PromoCodesPage = z.infer<typeof promoCodesPage>;

const discountBandSchema = z.object({ minTurnoverUsd: decimalString, percent: decimalString });

export const discountSchema = z.object({
  percent: decimalString,
  turnoverUsd: decimalString,
  bands: z.array(discountBandSchema),
  /** The next band up and the turnover still needed to reach it; null on the top band. */
  next: discountBandSchema.extend({ remainingUsd: decimalString }).nullable(),
});
export type Discount = z.infer<typeof discountSchema>;
