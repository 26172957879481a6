import type { Lang } from '@obmen/shared/i18n';

const NARROW_NBSP = '\u202f';

/**
 * A decimal string as people read it: thousands grouped, the language's decimal mark, trailing
 * zeros dropped (kept to two places for two-decimal currencies such as roubles). Pure string
 * work: an amount never passes through a float on its way to the screen.
 */
export function formatAmount(amount: string, lang: Lang, scale?: number): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign = '', whole = '0', rawFraction = ''] = match;
  let fraction = rawFraction.replace(/0+$/, '');
  if (fraction && scale === 2) fraction = fraction.padEnd(2, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'ru' ? NARROW_NBSP : ',');
  const mark = lang === 'ru' ? ',' : '.';
  return `${sign}${grouped}${fraction ? mark + fraction : ''}`;
}
