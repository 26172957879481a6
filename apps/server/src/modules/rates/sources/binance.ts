import { fetchWithRetry } from '../fetch-with-retry';
import {
  jsonOf,
  joinUrl,
  positivePrice,
  type RateSource,
  type SourceEndpoint,
  type SourceReading,
} from '../rate-source';

/**
 * Binance's public "Symbol price ticker" (binance-spot-api-docs rest-api.md): `GET /api/v3/ticker/price`
 * answers `[{"symbol":"BTCUSDT","price":"…"}]`. Asked for every symbol with `symbolStatus=TRADING`
 * (CHANGELOG 2025-10-28): a halted or delisted market is left out instead of read, and a symbol
 * Binance never listed cannot fail the whole call (-1121 Invalid symbol) as a `symbols=[…]` list would.
 * Prices are in USDT, taken as USD.
 */
export function binanceSource({ baseUrl, timeoutMs }: SourceEndpoint): RateSource {
  return {
    id: 'binance',
    kind: 'crypto',
    async read(valutes) {
      const response = await fetchWithRetry(joinUrl(baseUrl, '/api/v3/ticker/price?symbolStatus=TRADING'), {
        timeoutMs,
      });
      const body = await jsonOf(response, 'Binance');
      if (!Array.isArray(body)) throw new Error('Binance answered with something that is not a list of prices');
      const prices = new Map<string, unknown>();
      for (const entry of body as { symbol?: unknown; price?: unknown }[]) {
        if (typeof entry?.symbol === 'string') prices.set(entry.symbol, entry.price);
      }
      const readings = new Map<string, SourceReading>();
      for (const valute of valutes) {
        const usdPrice = positivePrice(prices.get(`${valute}USDT`));
        if (usdPrice) readings.set(valute, { usdPrice, at: null });
      }
      return readings;
    },
  };
}
