import { z } from 'zod';
import type { Lang } from '../i18n/languages';
import { formatMessage, isMessageKey } from '../i18n/messages';

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

/**
 * The user-facing text of a zod issue in a language: a schema's own message key wins, otherwise
 * the issue's kind picks one of the spec's validation texts (§5).
 */
export function issueMessage(issue: z.core.$ZodIssue, lang: Lang): string {
  if (isMessageKey(issue.message)) return formatMessage(lang, issue.message, issueParams(issue));
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string')
        return formatMessage(lang, 'validation.minLength', { value: String(issue.minimum) });
      if (issue.origin === 'number' || issue.origin === 'bigint')
        return formatMessage(lang, 'validation.minValue', { value: String(issue.minimum) });
      return formatMessage(lang, 'validation.required');
    case 'too_big':
      if (issue.origin === 'string')
        return formatMessage(lang, 'validation.maxLength', { value: String(issue.maximum) });
      if (issue.origin === 'number' || issue.origin === 'bigint')
        return formatMessage(lang, 'validation.maxValue', { value: String(issue.maximum) });
      return formatMessage(lang, 'validation.pattern');
    case 'invalid_format':
      return formatMessage(lang, issue.format === 'email' ? 'validation.email' : 'validation.pattern');
    default:
      return formatMessage(lang, 'validation.pattern');
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
