import type { PriceSource } from '@obmen/shared';
import type { RateSource, SourceEndpoint } from './rate-source';
import { binanceSource } from './sources/binance';
import { bybitSource } from './sources/bybit';
import { cbrSource } from './sources/cbr';
import { krakenSource } from './sources/kraken';
import { nbrbSource } from './sources/nbrb';
import { okxSource } from './sources/okx';

const CLIENTS: Record<PriceSource, (endpoint: SourceEndpoint) => RateSource> = {
  binance: binanceSource,
  okx: okxSource,
  bybit: bybitSource,
  kraken: krakenSource,
  cbr: cbrSource,
  nbrb: nbrbSource,
};

/** Each source's public host: what RATE_<SOURCE>_URL is unless set (tests and e2e point them at local fakes). */
export const DEFAULT_SOURCE_URLS: Record<PriceSource, string> = {
  binance: 'https://api.binance.com',
  okx: 'https://www.okx.com',
  bybit: 'https://api.bybit.com',
  kraken: 'https://api.kraken.com',
  cbr: 'https://www.cbr.ru',
  nbrb: 'https://www.nbrb.by',
};

/** The sources RATE_SOURCES turns on, each at its base URL. */
export function createRateSources(
  enabled: readonly PriceSource[],
  urls: Partial<Record<PriceSource, string>>,
  timeoutMs?: number,
): RateSource[] {
  return enabled.map((id) => CLIENTS[id]({ baseUrl: urls[id] ?? DEFAULT_SOURCE_URLS[id], timeoutMs }));
}
