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

interface OkxTicker {
  instId?: unknown;
  last?: unknown;
  ts?: unknown;
}

/**
 * OKX's public "Get tickers" (docs-v5, Order Book Trading › Market Data): `GET /api/v5/market/tickers?instType=SPOT`
 * answers `{"code":"0","msg":"","data":[{"instId":"BTC-USDT","last":"…","ts":"…"}]}`; a code other
 * than "0" is a refusal with its message. `ts` is the ticker data's generation time: a market whose
 * ticker stopped moving reads as old, and goes stale. Prices are in USDT, taken as USD.
 */
export function okxSource({ baseUrl, timeoutMs }: SourceEndpoint): RateSource {
  return {
    id: 'okx',
    kind: 'crypto',
    async read(valutes) {
      const response = await fetchWithRetry(joinUrl(baseUrl, '/api/v5/market/tickers?instType=SPOT'), { timeoutMs });
      const body = (await jsonOf(response, 'OKX')) as { code?: unknown; msg?: unknown; data?: unknown } | null;
      if (body?.code !== '0') {
        const message = typeof body?.msg === 'string' && body.msg ? body.msg : 'no message';
        throw new Error(`OKX refused: ${message} (code ${String(body?.code ?? 'none')})`);
      }
      if (!Array.isArray(body.data)) throw new Error('OKX answered without a list of tickers');
      const tickers = new Map<string, OkxTicker>();
      for (const ticker of body.data as OkxTicker[]) {
        if (typeof ticker?.instId === 'string') tickers.set(ticker.instId, ticker);
      }
      const readings = new Map<string, SourceReading>();
      for (const valute of valutes) {
        const ticker = tickers.get(`${valute}-USDT`);
        const usdPrice = positivePrice(ticker?.last);
        if (usdPrice) readings.set(valute, { usdPrice, at: epochMs(ticker?.ts) });
      }
      return readings;
    },
  };
}
