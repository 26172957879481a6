/**
 * Amounts as people type them: a comma or a dot as the decimal mark, spaces between thousands.
 * Pure string work, so the browser needs no decimal library to check what was typed.
 */

const GROUPING = /[\s\u00a0\u202f']/g;
const AMOUNT = /^\d+(\.\d+)?$/;

/** "1 234,5" → "1234.5"; null when it is no plain non-negative decimal number. */
export function normalizeAmount(input: string): string | null {
  const text = input.trim().replace(GROUPING, '').replace(',', '.');
  if (!AMOUNT.test(text)) return null;
  const [whole = '0', fraction] = text.split('.');
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '');
  return fraction === undefined ? trimmedWhole : `${trimmedWhole}.${fraction}`;
}

export function decimalPlaces(amount: string): number {
  const dot = amount.indexOf('.');
  return dot < 0 ? 0 : amount.length - dot - 1;
}

/**
 * What an amount field should keep of what was typed: digits and one decimal mark, at most
 * `scale` decimals (spec: no more decimals than the currency's scale).
 */
export function sanitizeAmountInput(input: string, scale: number): string {
  let text = input
    .replace(GROUPING, '')
    .replace(',', '.')
    .replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot >= 0) {
    text = `${text.slice(0, dot)}.${text.slice(dot + 1).replace(/\./g, '')}`;
    text = scale === 0 ? text.slice(0, dot) : text.slice(0, dot + 1 + scale);
  }
  return text.startsWith('.') ? `0${text}` : text;
}

/** Compares two plain non-negative decimal strings ("12.5", "0.100") exactly: -1, 0 or 1. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const [aWhole = '', aFraction = ''] = a.split('.');
  const [bWhole = '', bFraction = ''] = b.split('.');
  const aw = aWhole.replace(/^0+/, '');
  const bw = bWhole.replace(/^0+/, '');
  if (aw.length !== bw.length) return aw.length < bw.length ? -1 : 1;
  if (aw !== bw) return aw < bw ? -1 : 1;
  const width = Math.max(aFraction.length, bFraction.length);
  const af = aFraction.padEnd(width, '0');
  const bf = bFraction.padEnd(width, '0');
  if (af === bf) return 0;
  return af < bf ? -1 : 1;
}
