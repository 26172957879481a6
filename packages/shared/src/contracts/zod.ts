import { z as zod } from 'zod';

/**
 * zod for the contracts, with one change: every string refuses U+0000 and lone UTF-16 surrogates
 * (`"\ud800"` in JSON). PostgreSQL cannot store either in text or jsonb, so one anywhere would fail
 * at the database (a 500) instead of here (a 400).
 * Contracts import `* as z from './zod'`; a lint rule keeps plain 'zod' out of them.
 */
export * from 'zod';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function string(params?: string | zod.core.$ZodStringParams): zod.ZodString {
  return zod
    .string(params)
    .refine((text) => !text.includes('\u0000') && !LONE_SURROGATE.test(text), 'validation.forbiddenCharacter');
}
