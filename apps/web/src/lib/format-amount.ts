import { formatAmount as groupAmount, trimAmount } from '@obmen/shared/amount-text';
import type { Lang } from '@obmen/shared/i18n';

export interface AmountFormat {
  /** The currency's decimals: two-decimal currencies (roubles, dollars) always show both places. */
  scale?: number;
  /** Written after the number, kept on its line: "USD", "₽". */
  unit?: string;
}

/**
 * A decimal string as people of a language read it: thousands grouped, the language's decimal
 * mark, trailing zeros dropped — "12345.60" → "12 345,6" (ru), "12,345.6" (en) — except that
 * two-decimal money keeps its cents: with scale 2, "12 345,60" and "10,00". Pure string work:
 * money never passes through a float on its way to the screen. Anything that is not a plain
 * decimal is shown as it came.
 */
export function formatAmount(value: string, lang: Lang, { scale, unit }: AmountFormat = {}): string {
  const match = /^(-?)(\d+(?:\.\d+)?)$/.exec(value.trim());
  if (!match) return unit ? `${value} ${unit}` : value;
  const [, sign = '', digits = '0'] = match;
  const [whole = '0', trimmed = ''] = trimAmount(digits).split('.');
  const fraction = scale === 2 ? trimmed.padEnd(2, '0') : trimmed;
  const text = sign + groupAmount(fraction ? `${whole}.${fraction}` : whole, lang);
  return unit ? `${text}\u00a0${unit}` : text;
}

/** A percentage from a decimal string: "0.05" → "0,05 %" (ru), "0.05%" (en). */
export function formatPercent(value: string, lang: Lang): string {
  const text = formatAmount(value, lang);
  return lang === 'ru' ? `${text}\u00a0%` : `${text}%`;
}
