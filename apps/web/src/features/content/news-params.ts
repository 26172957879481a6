// Both read their value as the server does (apps/server/src/modules/seo/page-meta.ts), so the app
// shows a page exactly when the server answers its address with 200.

/** `?page=`: a positive whole number, anything else the first page. */
export function newsPageFromSearch(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** A news id as it appears in a link: digits without a leading zero. */
export function isNewsId(value: string): boolean {
  return /^[1-9]\d{0,8}$/.test(value);
}
