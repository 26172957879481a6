import { FIRST_ANSWERS_ID, firstAnswerKey } from '@obmen/shared/first-answers';
import type { Lang } from '@obmen/shared/i18n';

// Answers that arrived with the page only stand for its first moments: a call made later (a
// refresh, a page opened long after) asks the server.
export const PAGE_ANSWERS_FRESH_MS = 30_000;

let answers: Map<string, unknown> | null = null;
let readAt = 0;

function load(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  readAt = pageSentAt();
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_ANSWERS_ID);
  if (!element?.textContent) return answers;
  try {
    for (const [key, value] of Object.entries(JSON.parse(element.textContent) as Record<string, unknown>)) {
      answers.set(key, value);
    }
  } catch {
    // A page without usable answers: every call goes to the server, as it would anyway.
  }
  element.remove();
  return answers;
}

/**
 * The answer the server put in the page for this GET, once (see FIRST_ANSWERS_ID); undefined when
 * there is none, it was taken already, or the page is no longer fresh.
 */
export function takeFirstAnswer(
  lang: Lang,
  path: string,
  query?: Record<string, string | number | boolean | null | undefined>,
): unknown {
  const kept = load();
  if (kept.size === 0) return undefined;
  if (Date.now() - readAt > PAGE_ANSWERS_FRESH_MS) {
    kept.clear();
    return undefined;
  }
  const key = firstAnswerKey(lang, path, query);
  const answer = kept.get(key);
  kept.delete(key);
  return answer;
}

/**
 * When the server sent this page, on this device's clock (the response's first byte): the page's
 * answers are as old as that, however long the app took to start.
 */
export function pageSentAt(): number {
  const [navigation] = (performance.getEntriesByType?.('navigation') ?? []) as PerformanceNavigationTiming[];
  return navigation && navigation.responseStart > 0 ? performance.timeOrigin + navigation.responseStart : Date.now();
}

/** For tests: read the page again. */
export function resetFirstAnswers(): void {
  answers = null;
}
