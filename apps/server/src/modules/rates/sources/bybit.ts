import { fetchWithRetry } from '../fetch-with-retry';
import {
  epochMs,
  jsonOf,
  joinUrl,
  positivePrice,
  type RateSource,
  type SourceEndpoint,
  type SourceReading,
} from '../rate-source';

/**
 * Bybit's public "Get Tickers" (bybit-exchange/docs v5/market/tickers): `GET /v5/market/tickers?category=spot`
 * answers `{"retCode":0,"retMsg":"OK","result":{"category":"spot","list":[{"symbol":"BTCUSDT","lastPrice":"…"}]},"time":…}`;
 * a retCode other than 0 is a refusal with its retMsg. `time` is when Bybit answered: a cached
 * old answer reads as old. Prices are in USDT, taken as USD.
 */
export function bybitSource({ baseUrl, timeoutMs }: SourceEndpoint): RateSource {
  return {
    id: 'bybit',
    kind: 'crypto',
    async read(valutes) {
      const response = await fetchWithRetry(joinUrl(baseUrl, '/v5/market/tickers?category=spot'), { timeoutMs });
      const body = (await jsonOf(response, 'Bybit')) as {
        retCode?: unknown;
        retMsg?: unknown;
        result?: { list?: unknown };
        time?: unknown;
      } | null;
      if (body?.retCode !== 0) {
        const message = typeof body?.retMsg === 'string' && body.retMsg ? body.retMsg : 'no message';
        throw new Error(`Bybit refused: ${message} (retCode ${String(body?.retCode ?? 'none')})`);
      }
      const list = body.result?.list;
      if (!Array.isArray(list)) throw new Error('Bybit answered without a list of tickers');
      const prices = new Map<string, unknown>();
      for (const ticker of list as { symbol?: unknown; lastPrice?: unknown }[]) {
        if (typeof ticker?.symbol === 'string') prices.set(ticker.symbol, ticker.lastPrice);
      }
      const at = epochMs(body.time);
      const readings = new Map<string, SourceReading>();
      for (const valute of valutes) {
        const usdPrice = positivePrice(prices.get(`${valute}USDT`));
        if (usdPrice) readings.set(valute, { usdPrice, at });
      }
      return readings;
    },
  };
}
