import { describe, expect, it } from 'vitest';
import type { Lang } from '@obmen/shared/i18n';
import { formatDate, formatDateTime, formatTime, type DateStyle } from './format-date';
import { formatMoscowClock } from './moscow-clock';

const LOCALES: Record<Lang, string> = { ru: 'ru-RU', en: 'en-GB' };
const STYLES: DateStyle[] = ['long', 'medium', 'short'];

// Every month, single- and double-digit days and hours, midnight and the last minute of a year.
const MOMENTS = [
  ...Array.from({ length: 12 }, (_, month) => new Date(2026, month, month * 2 + 1, month * 2, month * 5)),
  new Date(2025, 0, 1, 0, 0),
  new Date(2030, 11, 31, 23, 59),
  new Date(1999, 8, 9, 9, 9),
];

describe('dates as Intl writes them, each formatter kept', () => {
  it('in the forms people of each language read', () => {
    const moment = new Date(2026, 10, 23, 5, 7);
    expect(formatDate(moment.toISOString(), 'ru', 'long')).toBe('23 ноября 2026 г.');
    expect(formatDate(moment.toISOString(), 'en', 'long')).toBe('23 November 2026');
    expect(formatDate(moment.toISOString(), 'ru', 'short')).toBe('23.11.2026');
    expect(formatDate(moment.toISOString(), 'en', 'short')).toBe('23/11/2026');
    expect(formatDateTime(moment.toISOString(), 'ru', 'long')).toBe('23 ноября 2026 г. в 05:07');
    expect(formatDateTime(moment.toISOString(), 'en', 'medium')).toBe('23 Nov 2026, 05:07');
    expect(formatTime(moment)).toBe('05:07');
  });

  it('writes a price’s time in Moscow, to the second, whatever the reader’s zone', () => {
    expect(formatMoscowClock('2026-11-21T11:05:12.000Z')).toBe('14:05:12');
    expect(formatMoscowClock('2026-11-21T22:00:09.000Z')).toBe('01:00:09');
    expect(formatMoscowClock('not a date')).toBe('not a date');
  });

  for (const lang of ['ru', 'en'] as const) {
    for (const style of STYLES) {
      it(`${lang}, ${style}: date, and date with time`, () => {
        for (const moment of MOMENTS) {
          const iso = moment.toISOString();
          expect(formatDate(iso, lang, style)).toBe(moment.toLocaleDateString(LOCALES[lang], { dateStyle: style }));
          expect(formatDateTime(iso, lang, style)).toBe(
            moment.toLocaleString(LOCALES[lang], { dateStyle: style, timeStyle: 'short' }),
          );
        }
      });
    }
    it(`${lang}: hours and minutes`, () => {
      for (const moment of MOMENTS) {
        const intl = moment.toLocaleTimeString(LOCALES[lang], { hour: '2-digit', minute: '2-digit' });
        expect(formatTime(moment.getTime())).toBe(intl);
        expect(formatTime(moment.toISOString())).toBe(intl);
      }
    });
  }

  it('gives back what is not a date as it came', () => {
    expect(formatDate('soon', 'ru')).toBe('soon');
    expect(formatDateTime('', 'en')).toBe('');
    expect(formatTime('later')).toBe('later');
  });
});
