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

/**
 * Orders two plain non-negative decimal strings ("3000", "2999.99") exactly, without a number type:
 * -1 when `a` is smaller, 0 when equal, 1 when larger.
 */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const [aWhole = '', aFraction = ''] = a.split('.');
  const [bWhole = '', bFraction = ''] = b.split('.');
  const wholeA = aWhole.replace(/^0+/, '');
  const wholeB = bWhole.replace(/^0+/, '');
  if (wholeA.length !== wholeB.length) return wholeA.length < wholeB.length ? -1 : 1;
  const width = Math.max(aFraction.length, bFraction.length);
  const digitsA = wholeA + aFraction.padEnd(width, '0');
  const digitsB = wholeB + bFraction.padEnd(width, '0');
  if (digitsA === digitsB) return 0;
  return digitsA < digitsB ? -1 : 1;
}

/** "3000.00" → "3000", "0.05000" → "0.05": the same amount without the zeros of its scale. */
export function trimAmount(amount: string): string {
  return amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
}

/**
 * An amount for reading, in the page's language: "1 500 000,5" in Russian, "1,500,000.5" in
 * English. Digits stay as given (no rounding); grouping only touches the whole part.
 */
export function formatAmount(amount: string, lang: 'ru' | 'en'): string {
  const [whole = '', fraction] = amount.split('.');
  const group = lang === 'ru' ? '\u00a0' : ',';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  if (fraction === undefined) return grouped;
  return `${grouped}${lang === 'ru' ? ',' : '.'}${fraction}`;
}
