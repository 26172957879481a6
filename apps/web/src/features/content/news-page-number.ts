/** `?page=` as the server reads it (page-meta.ts): a positive whole number, anything else the first page. */
export function newsPageFromSearch(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}
