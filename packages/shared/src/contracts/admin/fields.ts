import * as z from '../zod';
import { Decimal } from '../../money/decimal';

// The field rules the console's contracts share (admin.ts re-exports the few the console uses itself).

export const AMOUNT_TEXT = /^\d{1,20}(\.\d{1,18})?$/;
/** The amount a field's text holds, or null when it holds none (zod runs a form's refinements even then). */
export const decimalOf = (text: unknown) =>
  typeof text === 'string' && AMOUNT_TEXT.test(text) ? new Decimal(text) : null;
export const amount = z.string().trim().min(1, 'validation.required').regex(AMOUNT_TEXT, 'validation.pattern');
export const positiveAmount = amount.refine((v) => /[1-9]/.test(v), 'admin.mustBePositive');
export const percentText = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .regex(/^-?\d{1,2}(\.\d{1,4})?$/, 'validation.pattern');
export const text = (max: number) => z.string().trim().max(max, 'validation.maxLength');
export const requiredText = (max: number) => text(max).min(1, 'validation.required');
/** An optional note: empty means none. */
export const optionalText = (max: number) =>
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
export const optionalIntField = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : /^-?\d+$/.test(v.trim()) ? Number(v) : NaN) : v),
    z.number().int().min(min).max(max).nullable(),
  );
/** A comma-separated list typed in one field, or an array. */
export const wordList = (maxItems: number, maxLength: number) =>
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
export const moment = z.preprocess(
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
export const currencyCode = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .regex(/^[A-Za-z0-9]{2,20}$/, 'validation.pattern')
  .transform((c) => c.toUpperCase());

export const isRegExp = (source: string) => {
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
