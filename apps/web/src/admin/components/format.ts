import type { Lang } from '@obmen/shared/i18n';
import { formatAmount, formatPercent } from '../../lib/format-amount';

export { formatPercent };
import { formatDateTime as dateTimeText } from '../../lib/format-date';

const LOCALES: Record<Lang, string> = { ru: 'ru-RU', en: 'en-GB' };

/** An amount with its currency, grouped in thousands as the language writes it ("12 345,60 RUB"). */
export function formatSum({ sum, valute, scale }: { sum: string; valute: string; scale?: number }, lang: Lang): string {
  return formatAmount(sum, lang, { ...(scale !== undefined && { scale }), unit: valute });
}

/** A sum in US dollars: "$500.10" (en), "500,10 $" (ru). */
export function formatUsd(value: string, lang: Lang): string {
  const text = formatAmount(value, lang, { scale: 2 });
  return lang === 'en' ? `$${text}` : `${text}\u00a0$`;
}

/** A moment as operators read it: date and time to the minute, in their time zone. */
export function formatDateTime(iso: string | null | undefined, lang: Lang): string {
  return iso ? dateTimeText(iso, lang, 'short') : '—';
}

type AgeUnit = 'second' | 'minute' | 'hour' | 'day';
const ageFormats = new Map<string, Intl.NumberFormat>();

/** How long ago, in the largest unit that fits: "5 min", "3 h", "2 d". One formatter per language and unit, kept. */
export function formatAge(seconds: number, lang: Lang): string {
  const format = (value: number, unit: AgeUnit) => {
    let found = ageFormats.get(`${lang} ${unit}`);
    if (!found) {
      found = new Intl.NumberFormat(LOCALES[lang], { style: 'unit', unit, unitDisplay: 'short' });
      ageFormats.set(`${lang} ${unit}`, found);
    }
    return found.format(value);
  };
  if (seconds < 60) return format(Math.max(0, Math.floor(seconds)), 'second');
  if (seconds < 3600) return format(Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return format(Math.floor(seconds / 3600), 'hour');
  return format(Math.floor(seconds / 86_400), 'day');
}

export const secondsSince = (iso: string, now = Date.now()) => Math.max(0, (now - new Date(iso).getTime()) / 1000);
