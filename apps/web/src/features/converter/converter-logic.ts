import { compareAmounts, formatAmount, trimAmount } from '@obmen/shared/amount-text';
import type { Currency, Quote, Range } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';

/** The pure rules of the converter, apart from React so they can be tested one by one. */

export type Side = 'give' | 'get';
export type CalcDirection = 'sell' | 'buy';

export interface Pair {
  give: string;
  get: string;
}

// Spec §9: SBERRUB → BTC unless the lists lack them (shared: the server answers its first calls).
/** Spec §9: the converter opens on SBERRUB → BTC unless the lists lack them. */
export const DEFAULT_PAIR = { give: 'SBERRUB', get: 'BTC' } as const;

export const sideOf = (direction: CalcDirection): Side => (direction === 'sell' ? 'give' : 'get');
export const pairKey = (pair: Pair) => `${pair.give}--${pair.get}`;

/** `SBERRUB--BTC` (any case) → the pair; null for anything else. */
export function pairFromSegment(segment: string | undefined): Pair | null {
  const match = /^(\w+)--(\w+)$/.exec(segment ?? '');
  return match ? { give: match[1]!.toUpperCase(), get: match[2]!.toUpperCase() } : null;
}

const listed = (list: readonly Currency[], code: string) => list.some((c) => c.codeName === code);

/**
 * The pair to show: the first candidate both lists carry (the address, then the saved draft), else
 * SBERRUB → BTC, else the first currency of each list.
 */
export function resolvePair(
  giveList: readonly Currency[],
  getList: readonly Currency[],
  candidates: readonly (Pair | null)[],
): Pair | null {
  for (const candidate of candidates) {
    if (
      candidate &&
      candidate.give !== candidate.get &&
      listed(giveList, candidate.give) &&
      listed(getList, candidate.get)
    )
      return candidate;
  }
  const give = listed(giveList, DEFAULT_PAIR.give) ? DEFAULT_PAIR.give : giveList[0]?.codeName;
  if (!give) return null;
  const get =
    listed(getList, DEFAULT_PAIR.get) && DEFAULT_PAIR.get !== give
      ? DEFAULT_PAIR.get
      : getList.find((c) => c.codeName !== give)?.codeName;
  return get ? { give, get } : null;
}

/** The pair after choosing `code` on one side: choosing the other side's currency swaps them. */
/** The pairs the exchanger has a direction for, as `GIVE>GET` keys. */
export type Directions = ReadonlySet<string>;
export const directionKeyOf = (give: string, get: string) => `${give}>${get}`;

/** Whether a currency on one side can go with the other side's: unknown directions assume it can. */
export function goesWith(directions: Directions | undefined, side: Side, code: string, other: string): boolean {
  if (!directions) return true;
  return side === 'give' ? directions.has(directionKeyOf(code, other)) : directions.has(directionKeyOf(other, code));
}

/**
 * The pair after picking a currency on one side. Picking the other side's currency swaps them; a
 * currency with no direction to the other side's takes the first of the other list it goes with.
 */
export function pickCurrency(
  pair: Pair,
  side: Side,
  code: string,
  directions?: Directions,
  otherList: readonly Currency[] = [],
): Pair {
  const next =
    side === 'give'
      ? code === pair.get
        ? { give: code, get: pair.give }
        : { give: code, get: pair.get }
      : code === pair.give
        ? { give: pair.get, get: code }
        : { give: pair.give, get: code };
  const other = side === 'give' ? next.get : next.give;
  if (goesWith(directions, side, code, other)) return next;
  const partner = otherList.find((c) => c.codeName !== code && goesWith(directions, side, code, c.codeName));
  if (!partner) return next;
  return side === 'give' ? { give: code, get: partner.codeName } : { give: partner.codeName, get: code };
}

export function canSwap(
  pair: Pair,
  giveList: readonly Currency[],
  getList: readonly Currency[],
  directions?: Directions,
): boolean {
  return listed(giveList, pair.get) && listed(getList, pair.give) && goesWith(directions, 'give', pair.get, pair.give);
}

/** The smallest amount that may be given: the threshold replaces the minimum while set (spec §3). */
/** Where a pair's amount starts (spec §4); shared: the server prices the same opening quote. */
/** Where the amount starts for a pair (spec §4): the range's threshold when set, else its minimum. */
export const floorOf = (range: Range): string => range.threshold ?? range.minSum;

const WHOLE_DIGITS = 15;

/**
 * What an amount field keeps of a keystroke: digits and one decimal mark (a comma stays a comma),
 * no more decimals than the currency's scale, no absurd lengths.
 */
export function cleanAmountInput(raw: string, scale: number): string {
  const usesComma = raw.includes(',') && !raw.includes('.');
  let text = raw
    .replace(/[\s\u00a0\u202f']/g, '')
    .replace(/,/g, '.')
    .replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  let whole = dot < 0 ? text : text.slice(0, dot);
  let fraction = dot < 0 ? null : text.slice(dot + 1).replace(/\./g, '');
  whole = whole.slice(0, WHOLE_DIGITS);
  if (fraction !== null) fraction = scale === 0 ? null : fraction.slice(0, scale);
  if (fraction !== null && whole === '') whole = '0';
  text = fraction === null ? whole : `${whole}.${fraction}`;
  return usesComma ? text.replace('.', ',') : text;
}

/** The typed text as a plain decimal string, or '' while it is no amount yet ("", "0,", "."). */
export function amountOf(text: string): string {
  const plain = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(plain.replace(/\.$/, ''))) return '';
  return plain.replace(/\.$/, '');
}

/** An amount as an editable field shows it: no trailing zeros of the scale, the page's decimal mark. */
export function inputText(amount: string, lang: Lang): string {
  const trimmed = trimAmount(amount);
  return lang === 'ru' ? trimmed.replace('.', ',') : trimmed;
}

/** An amount put in the field: its text, and the sum priced, read from that text so the two agree. */
export function settledAmount(amount: string, lang: Lang): { text: string; sum: string } {
  const text = inputText(amount, lang);
  return { text, sum: amountOf(text) };
}

/** An amount for reading: grouped, the page's decimal mark, no trailing zeros of the scale. */
export const readable = (amount: string, lang: Lang) => formatAmount(trimAmount(amount), lang);

export type ProblemKind = 'belowMin' | 'aboveMax' | 'overLimit' | 'other';

export interface AmountProblem {
  kind: ProblemKind;
  /** Where the message shows: the range is about the give side, the reserve about the get side. */
  side: Side;
  /** Ready to show, in the page's language. */
  messages: string[];
}

export interface ProblemTexts {
  belowMin: string;
  aboveMax: string;
  overLimit: string;
  limitOverflow: (reserve: string) => string;
}

/**
 * What is wrong with an amount before asking the server, from the range and reserve on screen:
 * a sale under the floor or over the maximum, a purchase over the reserve (spec §5).
 */
export function checkAmount(
  amount: string,
  direction: CalcDirection,
  range: Range | undefined,
  reserve: string | undefined,
  texts: ProblemTexts,
): AmountProblem | null {
  if (!amount) return null;
  if (direction === 'sell' && range) {
    if (compareAmounts(amount, floorOf(range)) < 0)
      return { kind: 'belowMin', side: 'give', messages: [texts.belowMin] };
    if (compareAmounts(amount, range.maxSum) > 0) return { kind: 'aboveMax', side: 'give', messages: [texts.aboveMax] };
  }
  if (direction === 'buy' && reserve !== undefined && compareAmounts(amount, reserve) > 0) {
    return { kind: 'overLimit', side: 'get', messages: [texts.overLimit, texts.limitOverflow(reserve)] };
  }
  return null;
}

/** The server's refusal of a sum, put under the side it is about. */
export function classifyRefusal(messages: string[], direction: CalcDirection, texts: ProblemTexts): AmountProblem {
  const [first] = messages;
  if (first === texts.belowMin) return { kind: 'belowMin', side: 'give', messages };
  if (first === texts.aboveMax) return { kind: 'aboveMax', side: 'give', messages };
  if (first === texts.overLimit) return { kind: 'overLimit', side: 'get', messages };
  return { kind: 'other', side: sideOf(direction), messages };
}

/**
 * The rate read the way people compare it: one unit of whichever currency is worth more
 * ("1 BTC = 7 950 000 RUB", not "1 RUB = 0.000000125 BTC").
 */
export function rateLine(
  quote: Pick<Quote, 'rate' | 'inverseRate'>,
  give: Pick<Currency, 'valute'>,
  get: Pick<Currency, 'valute'>,
  lang: Lang,
): { from: string; to: string } {
  const shown = (value: string) => readable(cutDecimals(value, compareAmounts(value, '100') >= 0 ? 2 : 6), lang);
  if (compareAmounts(quote.rate, '1') >= 0) {
    return { from: `1 ${give.valute}`, to: `${shown(quote.rate)} ${get.valute}` };
  }
  return { from: `1 ${get.valute}`, to: `${shown(quote.inverseRate)} ${give.valute}` };
}

/** At most `decimals` digits after the point, cut rather than rounded (for display only). */
export function cutDecimals(amount: string, decimals: number): string {
  const dot = amount.indexOf('.');
  return dot < 0 ? amount : amount.slice(0, decimals === 0 ? dot : dot + 1 + decimals);
}
