import { Decimal } from '@obmen/shared';
import { fetchWithRetry } from '../fetch-with-retry';
import { jsonOf, joinUrl, type RateSource, type SourceEndpoint } from '../rate-source';

interface NbrbRate {
  Cur_Abbreviation?: unknown;
  Cur_Scale?: unknown;
  Cur_OfficialRate?: unknown;
}

/** A rate as NBRB sends it: a JSON number of a few decimals (2.9127), which prints back exactly as written. */
function rateOf(entry: NbrbRate | undefined): Decimal | null {
  const rate = entry?.Cur_OfficialRate;
  const scale = entry?.Cur_Scale;
  if (typeof rate !== 'number' || !(rate > 0) || typeof scale !== 'number' || !Number.isInteger(scale) || scale < 1) {
    return null;
  }
  return new Decimal(String(rate)).div(scale);
}

/**
 * The National Bank of the Republic of Belarus's official daily rates (nbrb.by/apihelp/exrates):
 * `GET /api/exrates/rates?periodicity=0` answers `[{"Cur_Abbreviation":"USD","Cur_Scale":1,"Cur_OfficialRate":2.9127,…},
 * {"Cur_Abbreviation":"RUB","Cur_Scale":100,"Cur_OfficialRate":3.7094,…}]`, Belarusian roubles for
 * `Cur_Scale` units. The rouble's dollar price is their cross: (RUB rate / its scale) / (USD rate / its scale).
 * Both are set from trading on the Belarusian currency exchange, not from the Bank of Russia's figure.
 */
export function nbrbSource({ baseUrl, timeoutMs }: SourceEndpoint): RateSource {
  return {
    id: 'nbrb',
    kind: 'rouble',
    async read() {
      const response = await fetchWithRetry(joinUrl(baseUrl, '/api/exrates/rates?periodicity=0'), { timeoutMs });
      const body = await jsonOf(response, 'NBRB');
      if (!Array.isArray(body)) throw new Error('NBRB answered with something that is not a list of rates');
      const rates = body as NbrbRate[];
      const usd = rateOf(rates.find((r) => r?.Cur_Abbreviation === 'USD'));
      const rub = rateOf(rates.find((r) => r?.Cur_Abbreviation === 'RUB'));
      if (!usd || !rub) throw new Error('the NBRB answer has no USD or RUB rate');
      return new Map([['RUB', { usdPrice: rub.div(usd), at: null }]]);
    },
  };
}
