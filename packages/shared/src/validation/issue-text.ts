import { z } from 'zod';
import type { MessageKey } from '../i18n/messages-ru';

// Zod words a missing value as a type or enum error; mark it with our key so it reads 'Это поле обязательно'.
z.config({
  customError: (issue) => {
    const missing = issue.input === undefined || issue.input === null;
    if (missing && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
      return 'validation.required';
    }
    return undefined;
  },
});

/** Words a message in the reader's language; null for a key it does not know. */
export type SayMessage = (key: string, params: Record<string, string>) => string | null;

/**
 * The user-facing text of a zod issue, worded by `say`: a schema's own message key wins, otherwise
 * the issue's kind picks one of the spec's validation texts (§5). The server says it from the
 * shared tables (`issueMessage`); the web app from the language's catalog it has loaded.
 */
export function issueText(issue: z.core.$ZodIssue, say: SayMessage): string {
  const own = say(issue.message, issueParams(issue));
  if (own !== null) return own;
  const key = issueKey(issue);
  return say(key.name, key.params) ?? key.name;
}

function issueKey(issue: z.core.$ZodIssue): { name: MessageKey; params: Record<string, string> } {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return { name: 'validation.minLength', params: { value: String(issue.minimum) } };
      if (issue.origin === 'number' || issue.origin === 'bigint')
        return { name: 'validation.minValue', params: { value: String(issue.minimum) } };
      return { name: 'validation.required', params: {} };
    case 'too_big':
      if (issue.origin === 'string') return { name: 'validation.maxLength', params: { value: String(issue.maximum) } };
      if (issue.origin === 'number' || issue.origin === 'bigint')
        return { name: 'validation.maxValue', params: { value: String(issue.maximum) } };
      return { name: 'validation.pattern', params: {} };
    case 'invalid_format':
      return { name: issue.format === 'email' ? 'validation.email' : 'validation.pattern', params: {} };
    default:
      return { name: 'validation.pattern', params: {} };
  }
}

function issueParams(issue: z.core.$ZodIssue): Record<string, string> {
  // A refinement's own values: `ctx.addIssue({ code: 'custom', message: key, params: { value } })`.
  if (issue.code === 'custom' && issue.params) {
    return Object.fromEntries(Object.entries(issue.params).map(([key, value]) => [key, String(value)]));
  }
  if (issue.code === 'too_small') return { value: String(issue.minimum) };
  if (issue.code === 'too_big') return { value: String(issue.maximum) };
  return {};
}
