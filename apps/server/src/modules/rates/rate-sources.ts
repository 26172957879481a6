import { XMLParser } from 'fast-xml-parser';
import { Decimal } from '@obmen/shared';
import { fetchWithRetry } from './fetch-with-retry';

/** USD prices by valute (BTC, RUB…) from one source; a source throws when it cannot give any. */
export type UsdPrices = Map<string, Decimal>;

const POSITIVE = /^\d+(\.\d+)?$/;

/**
 * A crypto exchange's public ticker (Binance's /api/v3/ticker/price format). Prices are quoted in
 * USDT, taken as USD; USDT itself is priced at 1.
 */
export async function fetchCryptoPrices(baseUrl: string, valutes: string[], timeoutMs?: number): Promise<UsdPrices> {
  const wanted = valutes.filter((v) => v !== 'USDT' && v !== 'RUB');
  const symbols = wanted.map((v) => `${v}USDT`);
  const url = `${baseUrl.replace(/\/$/, '')}/api/v3/ticker/price?symbols=${encodeURIComponent(JSON.stringify(symbols))}`;
  const response = await fetchWithRetry(url, { timeoutMs });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new Error('the ticker answered with something that is not JSON');
  }
  if (!Array.isArray(body)) throw new Error('the ticker answer is not a list of prices');
  const prices: UsdPrices = new Map([['USDT', new Decimal(1)]]);
  for (const entry of body as { symbol?: unknown; price?: unknown }[]) {
    if (typeof entry?.symbol !== 'string' || typeof entry.price !== 'string' || !POSITIVE.test(entry.price)) continue;
    const valute = entry.symbol.replace(/USDT$/, '');
    const price = new Decimal(entry.price);
    if (wanted.includes(valute) && price.gt(0)) prices.set(valute, price);
  }
  if (prices.size === 1 && wanted.length > 0) throw new Error('the ticker gave none of the prices asked for');
  return prices;
}

/**
 * The Central Bank of Russia's daily rates (XML_daily.asp: windows-1251, comma decimals): the USD
 * rate in roubles gives the rouble's USD price.
 */
export async function fetchCbrRoublePrice(url: string, timeoutMs?: number): Promise<UsdPrices> {
  const response = await fetchWithRetry(url, { timeoutMs });
  const text = new TextDecoder('windows-1251').decode(await response.arrayBuffer());
  let parsed: { ValCurs?: { Valute?: { CharCode?: unknown; Nominal?: unknown; Value?: unknown }[] } };
  try {
    parsed = new XMLParser({ parseTagValue: false, isArray: (name) => name === 'Valute' }).parse(text);
  } catch {
    throw new Error('the CBR answer is not XML');
  }
  const usd = parsed.ValCurs?.Valute?.find((v) => v.CharCode === 'USD');
  const value = typeof usd?.Value === 'string' ? usd.Value.replace(',', '.') : '';
  const nominal = typeof usd?.Nominal === 'string' ? usd.Nominal : '1';
  if (!POSITIVE.test(value) || !/^\d+$/.test(nominal) || Number(value) === 0) {
    throw new Error('the CBR answer has no USD rate');
  }
  // Value roubles buy Nominal dollars: one rouble is Nominal / Value dollars.
  return new Map([['RUB', new Decimal(nominal).div(value)]]);
}
