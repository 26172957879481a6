import type { Lang } from '@obmen/shared/i18n';

const SEPARATORS: Record<Lang, { group: string; decimal: string }> = {
  // Russian groups thousands with a non-breaking space and writes a decimal comma.
  ru: { group: '\u00a0', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/**
 * A decimal string as people of a language read it: "12345.6" → "12 345,6" (ru), "12,345.6" (en).
 * Pure string work: money never passes through a float. Anything that is not a plain decimal is
 * shown as it came.
 */
export function formatAmount(value: string, lang: Lang, unit?: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return unit ? `${value} ${unit}` : value;
  const [, sign = '', whole = '0', fraction] = match;
  const { group, decimal } = SEPARATORS[lang];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const text = `${sign}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
  return unit ? `${text}\u00a0${unit}` : text;
}

/** A percentage from a decimal string: "0.05" → "0,05 %" (ru), "0.05%" (en). */
export function formatPercent(value: string, lang: Lang): string {
  const text = formatAmount(value, lang);
  return lang === 'ru' ? `${text}\u00a0%` : `${text}%`;
}
