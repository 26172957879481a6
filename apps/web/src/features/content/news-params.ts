import type { Lang } from '@obmen/shared/i18n';

// The page's loader and its component read the address alike (load-content.ts), so the page shows
// exactly what its status says.

/** `?page=`: a positive whole number, anything else the first page. */
export function newsPageFromSearch(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** A news id as it appears in a link: digits without a leading zero. */
export function isNewsId(value: string): boolean {
  return /^[1-9]\d{0,8}$/.test(value);
}

/** Where a news item's "back" link returns to: the list page it was opened from. */
export interface NewsLinkState {
  fromPage: number;
}

/** A page of the news list (kept here, not beside the list: an article links back without loading it). */
export const newsListPath = (lang: Lang, page: number) => (page > 1 ? `/${lang}/news?page=${page}` : `/${lang}/news`);
