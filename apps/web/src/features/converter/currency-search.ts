import type { Currency } from '@obmen/shared/contracts';

const SEPARATORS = /[\s\-_.()/]+/;
const fold = (text: string) => text.toLocaleLowerCase('ru').replace(/ё/g, 'е');
const squash = (text: string) => fold(text).split(SEPARATORS).join('');
const words = (text: string) => fold(text).split(SEPARATORS).filter(Boolean);

/**
 * The currencies matching what was typed, by name, code, valute or any alias ("сбер", "usdt",
 * "тинькофф"), case, spaces, dashes and ё/е aside. A match starts a word ("eth" finds Ethereum,
 * not Tether); those whose name or code starts with it come first, the list's order holds otherwise.
 */
export function searchCurrencies(list: readonly Currency[], query: string): Currency[] {
  const q = squash(query);
  if (!q) return [...list];
  const first: Currency[] = [];
  const then: Currency[] = [];
  for (const currency of list) {
    const heads = [currency.name, currency.codeName, currency.valute].map(squash);
    if (heads.some((h) => h.startsWith(q)) || currency.aliases.some((a) => squash(a) === q)) {
      first.push(currency);
      continue;
    }
    const texts = [currency.name, ...currency.aliases];
    if (texts.some((t) => squash(t).startsWith(q) || words(t).some((w) => w.startsWith(q)))) then.push(currency);
  }
  return [...first, ...then];
}
