import { fetchWithRetry } from '../fetch-with-retry';
import {
  jsonOf,
  joinUrl,
  positivePrice,
  type RateSource,
  type SourceEndpoint,
  type SourceReading,
} from '../rate-source';

// Kraken's own codes where they differ from the usual ones (its BTC is XBT, its DOGE is XDG).
const KRAKEN_CODES: Record<string, string> = { BTC: 'XBT', DOGE: 'XDG' };

/**
 * Kraken's public "Get Ticker Information" (krakenfx/api-specs spot-rest openapi_v3.yaml): `GET /0/public/Ticker`
 * with no pair answers every tradeable pair, `{"error":[],"result":{"XBTUSDT":{"c":["<price>","<lot volume>"],…}}}`,
 * keyed by Kraken's pair name; `c` is the last trade closed. A non-empty `error` is a refusal. Asked
 * for all pairs, since one unknown pair in a `pair=` list fails the whole call. USDT pairs, as on
 * the other exchanges; USDT taken as USD.
 */
export function krakenSource({ baseUrl, timeoutMs }: SourceEndpoint): RateSource {
  return {
    id: 'kraken',
    kind: 'crypto',
    async read(valutes) {
      const response = await fetchWithRetry(joinUrl(baseUrl, '/0/public/Ticker'), { timeoutMs });
      const body = (await jsonOf(response, 'Kraken')) as { error?: unknown; result?: unknown } | null;
      if (Array.isArray(body?.error) && body.error.length > 0) {
        throw new Error(`Kraken refused: ${body.error.map(String).join('; ')}`);
      }
      const result = body?.result;
      if (typeof result !== 'object' || result === null) throw new Error('Kraken answered without tickers');
      const tickers = result as Record<string, { c?: unknown } | undefined>;
      const readings = new Map<string, SourceReading>();
      for (const valute of valutes) {
        const last = tickers[`${KRAKEN_CODES[valute] ?? valute}USDT`]?.c;
        const usdPrice = positivePrice(Array.isArray(last) ? last[0] : undefined);
        if (usdPrice) readings.set(valute, { usdPrice, at: null });
      }
      return readings;
    },
  };
}
