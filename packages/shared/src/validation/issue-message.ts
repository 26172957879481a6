import type { z } from 'zod';
import type { Lang } from '../i18n/languages';
import { formatMessage, isMessageKey } from '../i18n/messages';
import { issueText } from './issue-text';

export { issueText, type SayMessage } from './issue-text';

/** The user-facing text of a zod issue in a language, from the shared tables (the server's way). */
export function issueMessage(issue: z.core.$ZodIssue, lang: Lang): string {
  return issueText(issue, (key, params) => (isMessageKey(key) ? formatMessage(lang, key, params) : null));
}
