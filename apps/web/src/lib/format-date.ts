import type { Lang } from '@obmen/shared/i18n';

// Dates are written by Intl, one formatter per language and style made on first use and kept: a
// formatter is what costs (the browser builds the locale's calendar data for the first one, 20–40 ms
// on the ticket page in issue 11), formatting with it does not. Russian is ru-RU, English en-GB.

/** CLDR's date styles: "23 ноября 2026 г." / "23 нояб. 2026 г." / "23.11.2026". */
export type DateStyle = 'long' | 'medium' | 'short';

const LOCALES: Record<Lang, string> = { ru: 'ru-RU', en: 'en-GB' };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

function parse(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Hours and minutes, 24-hour, as both languages write them: "05:07". */
export function formatTime(value: string | number | Date): string {
  const date = parse(value);
  return date
    ? formatter('time', 'ru-RU', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date)
    : String(value);
}

/**
 * The zone a page the server draws writes dates in, and the browser while it takes that page over
 * (hooks/use-time-zone.ts): the exchange's own. After that, the reader's. Undefined: the reader's.
 */
export const DRAWN_TIME_ZONE = 'Europe/Moscow';

/** A timestamp from the API (ISO 8601) as a date: "12 мая 2025 г." / "12 May 2025" (long). */
export function formatDate(iso: string, lang: Lang, style: DateStyle = 'medium', timeZone?: string): string {
  const date = parse(iso);
  return date
    ? formatter(`${lang} ${style} ${timeZone}`, LOCALES[lang], { dateStyle: style, timeZone }).format(date)
    : iso;
}

/** A timestamp from the API (ISO 8601) as a date and time: "23 ноября 2026 г. в 05:07" (long). */
export function formatDateTime(iso: string, lang: Lang, style: DateStyle = 'medium', timeZone?: string): string {
  const date = parse(iso);
  if (!date) return iso;
  return formatter(`${lang} ${style} time ${timeZone}`, LOCALES[lang], {
    dateStyle: style,
    timeStyle: 'short',
    timeZone,
  }).format(date);
}
