import type { Lang } from '@obmen/shared/i18n';

// Dates are written out here rather than by Intl.DateTimeFormat: the first Intl date a page asks
// for costs the browser 20–40 ms (it builds the locale's calendar data on first use), a third of
// the ticket page's first render (issue 11). The forms are CLDR's for ru-RU and en-GB, in the
// reader's time zone; format-date.test.ts checks every one against Intl's own output.

/** CLDR's date styles: "23 ноября 2026 г." / "23 нояб. 2026 г." / "23.11.2026". */
export type DateStyle = 'long' | 'medium' | 'short';

const MONTHS: Record<Lang, Record<Exclude<DateStyle, 'short'>, readonly string[]>> = {
  ru: {
    long: [
      'января',
      'февраля',
      'марта',
      'апреля',
      'мая',
      'июня',
      'июля',
      'августа',
      'сентября',
      'октября',
      'ноября',
      'декабря',
    ],
    medium: ['янв.', 'февр.', 'мар.', 'апр.', 'мая', 'июн.', 'июл.', 'авг.', 'сент.', 'окт.', 'нояб.', 'дек.'],
  },
  en: {
    long: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    medium: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  },
};

const twoDigits = (n: number) => String(n).padStart(2, '0');

function parse(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function dateText(date: Date, lang: Lang, style: DateStyle): string {
  const day = date.getDate();
  const year = date.getFullYear();
  if (style === 'short') {
    const separator = lang === 'ru' ? '.' : '/';
    return [twoDigits(day), twoDigits(date.getMonth() + 1), year].join(separator);
  }
  const month = MONTHS[lang][style][date.getMonth()];
  return lang === 'ru' ? `${day} ${month} ${year} г.` : `${day} ${month} ${year}`;
}

/** Hours and minutes, 24-hour, as both languages write them: "05:07". */
export function formatTime(value: string | number | Date): string {
  const date = parse(value);
  return date ? `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}` : String(value);
}

/** A timestamp from the API (ISO 8601) as a date: "12 мая 2025 г." / "12 May 2025" (long). */
export function formatDate(iso: string, lang: Lang, style: DateStyle = 'medium'): string {
  const date = parse(iso);
  return date ? dateText(date, lang, style) : iso;
}

/** A timestamp from the API (ISO 8601) as a date and time: "23 ноября 2026 г. в 05:07" (long). */
export function formatDateTime(iso: string, lang: Lang, style: DateStyle = 'medium'): string {
  const date = parse(iso);
  if (!date) return iso;
  const joint = style !== 'long' ? ', ' : lang === 'ru' ? ' в ' : ' at ';
  return `${dateText(date, lang, style)}${joint}${formatTime(date)}`;
}
