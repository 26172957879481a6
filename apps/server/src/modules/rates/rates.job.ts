import { and, eq, ne, sql } from 'drizzle-orm';
import { Decimal } from '@obmen/shared';
import type { Database } from '../../db/database';
import { prices } from '../../db/schema';
import type { Catalog } from '../exchange/exchange.catalog';
import { fetchCbrRoublePrice, fetchCryptoPrices, type UsdPrices } from './rate-sources';

export interface LiveRatesOptions {
  database: Database;
  catalog: Catalog;
  cryptoUrl: string;
  cbrUrl: string;
  /** How long one request may take before it is tried again. */
  timeoutMs?: number;
}

// Past these ages a price is stale and its directions close (design §4): the ticker moves by the
// second, the CBR publishes once a working day.
export const CRYPTO_MAX_AGE_SECONDS = 600;
export const CBR_MAX_AGE_SECONDS = 4 * 86_400;
// A source that suddenly says BTC costs a quarter less is more likely broken than right: such a
// price is not taken; the last one goes stale and its directions close until a sane one comes.
export const MAX_PRICE_JUMP = new Decimal('0.25');

/** Why a fresh price is not to be trusted, or null when it moved a believable amount. */
export function implausibleJump(last: Decimal | null, fresh: Decimal): string | null {
  if (!last || last.lte(0)) return null;
  const move = fresh.minus(last).abs().div(last);
  return move.gt(MAX_PRICE_JUMP)
    ? `the price moved from ${last.toFixed()} to ${fresh.toFixed()} (more than ${MAX_PRICE_JUMP.times(100).toFixed()} %) and was not taken`
    : null;
}
/** A price an operator typed in: the live sources leave it alone until the operator lets go of it. */
export const MANUAL_SOURCE = 'manual';

/**
 * Refreshes USD prices from the live sources. A failing source keeps its last good prices (they
 * go stale in time) and records why, for the operator; one process does it at a time.
 */
export function createLiveRates({ database, catalog, cryptoUrl, cbrUrl, timeoutMs = 5_000 }: LiveRatesOptions) {
  async function apply(source: string, maxAge: number, fetched: UsdPrices | Error, valutes: Set<string>) {
    const { db } = database;
    for (const [code, entry] of catalog.get().currencies) {
      if (!valutes.has(entry.row.valute)) continue;
      const price: Decimal | undefined = fetched instanceof Error ? undefined : fetched.get(entry.row.valute);
      const jump = price ? implausibleJump(entry.usdPrice, price) : null;
      if (price && !jump) {
        await db
          .update(prices)
          .set({
            usdPrice: price.toFixed(18),
            source,
            maxAgeSeconds: maxAge,
            lastError: null,
            updatedAt: sql`now()`,
            checkedAt: sql`now()`,
          })
          .where(and(eq(prices.currencyCode, code), ne(prices.source, MANUAL_SOURCE)));
      } else {
        const reason =
          fetched instanceof Error ? fetched.message : (jump ?? `${source} gave no price for ${entry.row.valute}`);
        await db
          .update(prices)
          .set({ source, maxAgeSeconds: maxAge, lastError: reason, checkedAt: sql`now()` })
          .where(and(eq(prices.currencyCode, code), ne(prices.source, MANUAL_SOURCE)));
      }
    }
  }

  return {
    async refresh(): Promise<{ ran: boolean }> {
      return database.tryLock('live-rates', async () => {
        const currencies = [...catalog.get().currencies.values()].map((c) => c.row.valute);
        const cryptoValutes = new Set(currencies.filter((v) => v !== 'RUB'));
        const crypto = await fetchCryptoPrices(cryptoUrl, [...cryptoValutes], timeoutMs).catch((e: unknown) =>
          e instanceof Error ? e : new Error(String(e)),
        );
        const cbr = await fetchCbrRoublePrice(cbrUrl, timeoutMs).catch((e: unknown) =>
          e instanceof Error ? e : new Error(String(e)),
        );
        await apply('crypto-ticker', CRYPTO_MAX_AGE_SECONDS, crypto, cryptoValutes);
        await apply('cbr', CBR_MAX_AGE_SECONDS, cbr, new Set(['RUB']));
        await catalog.changed();
      });
    },
  };
}
