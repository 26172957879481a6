import { z as zod } from 'zod';

/**
 * zod for the contracts, with one change: every string refuses U+0000. PostgreSQL cannot store it
 * in text or jsonb, so a NUL anywhere would fail at the database (a 500) instead of here (a 400).
 * Contracts import `* as z from './zod'`; a lint rule keeps plain 'zod' out of them.
 */
export * from 'zod';

export function string(params?: string | zod.core.$ZodStringParams): zod.ZodString {
  return zod.string(params).refine((text) => !text.includes('\u0000'), 'validation.forbiddenCharacter');
}
