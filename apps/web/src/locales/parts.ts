/**
 * A language's catalog comes in two downloads. The first holds what the public pages the server
 * draws need (the frame, the converter, the home page, content pages) and the messages shared
 * with the server; the rest (sign-in, tickets, the user area) loads with the pages that use it, so
 * the home page does not carry texts it never shows (issue 32: 8 KB gzip of its first JavaScript).
 */
export const LATER_FILES = [
  'auth',
  'tickets',
  'referral',
  'promo',
  'vip',
  'webhooks',
  'partners',
  'status',
  'receipts',
] as const;
