import type { Lang } from '@obmen/shared/i18n';

const LOCALES: Record<Lang, string> = { ru: 'ru-RU', en: 'en-GB' };

/** A timestamp from the API (ISO 8601) as a date and time in the reader's language and time zone. */
export function formatDateTime(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The date alone: "12 мая 2025 г." / "12 May 2025". */
export function formatDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium' }).format(date);
}
