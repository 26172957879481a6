import type { Currency } from '@obmen/shared/contracts';

const fold = (text: string) =>
  text
    .toLocaleLowerCase('ru')
    .replace(/ё/g, 'е')
    .replace(/[\s\-_.()]+/g, '');

/**
 * The currencies matching what was typed, by name, code, valute or any alias ("сбер", "usdt",
 * "тинькофф"), case, spaces and ё/е aside. Those whose name or code starts with it come first; the
 * list's own order holds otherwise.
 */
export function searchCurrencies(list: readonly Currency[], query: string): Currency[] {
  const q = fold(query);
  if (!q) return [...list];
  const starts: Currency[] = [];
  const contains: Currency[] = [];
  for (const currency of list) {
    const names = [currency.name, currency.codeName, currency.valute].map(fold);
    const aliases = currency.aliases.map(fold);
    if (names.some((n) => n.startsWith(q)) || aliases.some((a) => a === q)) starts.push(currency);
    else if ([...names, ...aliases].some((n) => n.includes(q))) contains.push(currency);
  }
  return [...starts, ...contains];
}
