import { XMLParser } from 'fast-xml-parser';
import { Decimal } from '@obmen/shared';
import { fetchWithRetry } from '../fetch-with-retry';
import { joinUrl, type RateSource, type SourceEndpoint } from '../rate-source';

const DECIMAL = /^\d{1,12}(\.\d{1,12})?$/;

/**
 * The Bank of Russia's official daily rates, `GET /scripts/XML_daily.asp` (windows-1251 XML, comma
 * decimals): `Value` roubles buy `Nominal` US dollars. Its `Date` is the day the rate holds for,
 * often tomorrow, and holidays keep one rate for days: the reading's time is when it was read.
 */
export function cbrSource({ baseUrl, timeoutMs }: SourceEndpoint): RateSource {
  return {
    id: 'cbr',
    kind: 'rouble',
    async read() {
      const response = await fetchWithRetry(joinUrl(baseUrl, '/scripts/XML_daily.asp'), { timeoutMs });
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
      if (!DECIMAL.test(value) || !/^\d{1,6}$/.test(nominal) || new Decimal(value).isZero() || nominal === '0') {
        throw new Error('the CBR answer has no USD rate');
      }
      // Value roubles buy Nominal dollars: one rouble is Nominal / Value dollars.
      return new Map([['RUB', { usdPrice: new Decimal(nominal).div(value), at: null }]]);
    },
  };
}
