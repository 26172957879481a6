import type { Lang } from '../i18n';

/** Spec §9: the converter opens on SBERRUB → BTC unless the lists lack them. */
export const DEFAULT_PAIR = { give: 'SBERRUB', get: 'BTC' } as const;

/** Where the converter's amount starts for a pair (spec §4): the range's threshold when set, else its minimum. */
export const rangeFloor = (range: { minSum: string; threshold?: string | null | undefined }): string =>
  range.threshold ?? range.minSum;

/**
 * The answers a page's first calls would get, put in the page itself by the server (a JSON
 * `<script>` of this id), so the converter draws complete on its first render instead of after a
 * round of calls (issue 11). Keyed by firstAnswerKey; the app takes each once, at start.
 */
export const FIRST_ANSWERS_ID = 'first-answers';

type Query = Record<string, string | number | boolean | null | undefined>;

/** One call, as both sides name it: language, path and the query in name order. */
export function firstAnswerKey(lang: Lang, path: string, query: Query = {}): string {
  const params = Object.entries(query)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] != null)
    .map(([name, value]): [string, string] => [name, String(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const search = params.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
  return `${lang} ${path}${search ? `?${search}` : ''}`;
}
