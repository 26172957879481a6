import { Decimal, type PriceSource } from '@obmen/shared';
import type { Database } from '../../db/database';
import type { Catalog, CatalogCurrency } from '../exchange/exchange.catalog';
import { agree, type StoredReading } from './median';
import type { RateSource, SourceReading } from './rate-source';
import {
  forgetOtherSources,
  listPriceSources,
  MEDIAN_SOURCE,
  saveAgreedPrice,
  saveJudgements,
  saveMiss,
  saveNoAgreement,
  savePar,
  saveReading,
} from './rates.repository';

export { MANUAL_SOURCE } from './rates.repository';

export interface LiveRatesOptions {
  database: Database;
  catalog: Catalog;
  /** The sources RATE_SOURCES turns on (rate-sources.ts). */
  sources: RateSource[];
  /** RATE_SPREAD_PERCENT: how far from the median a source may be and still count. */
  spreadPercent: Decimal;
  /** The clock readings are stamped with; tests move it. */
  now?: () => Date;
}

// Past these ages a reading, and a price, is stale and its directions close (design §4): coins
// move by the second, the central banks publish once a working day and keep a rate over holidays.
export const CRYPTO_MAX_AGE_SECONDS = 600;
export const ROUBLE_MAX_AGE_SECONDS = 4 * 86_400;
/** The unit every exchange quotes coins in: one dollar by definition, read from no source. */
export const PAR_VALUTE = 'USDT';

const NAMES: Record<PriceSource, string> = {
  binance: 'Binance',
  okx: 'OKX',
  bybit: 'Bybit',
  kraken: 'Kraken',
  cbr: 'the CBR',
  nbrb: 'NBRB',
};

const maxAgeOf = (valute: string) => (valute === 'RUB' ? ROUBLE_MAX_AGE_SECONDS : CRYPTO_MAX_AGE_SECONDS);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What one source answered for the assets asked of it: its readings, or why it gave none. */
interface Answer {
  source: RateSource;
  valutes: string[];
  readings: Map<string, SourceReading> | null;
  error: string | null;
}

/**
 * Refreshes the live USD prices (issue 45): every source is read at once, each reading is kept
 * per asset and source, and each asset's price becomes the median of its fresh sources that agree
 * (median.ts). A source that fails keeps its last reading until it is stale and says why; an asset
 * without two fresh sources keeps its last price, which goes stale and closes its directions. The
 * scheduler runs it once per interval across processes (job_runs); the lock keeps a slow run single.
 */
export function createLiveRates({
  database,
  catalog,
  sources,
  spreadPercent,
  now = () => new Date(),
}: LiveRatesOptions) {
  const spread = spreadPercent.div(100);

  async function read(source: RateSource, valutes: string[]): Promise<Answer> {
    try {
      return { source, valutes, readings: await source.read(valutes), error: null };
    } catch (error) {
      return { source, valutes, readings: null, error: errorText(error) };
    }
  }

  return {
    async refresh(): Promise<{ ran: boolean }> {
      return database.tryLock('live-rates', async () => {
        const codesByValute = new Map<string, string[]>();
        for (const [code, entry] of catalog.get().currencies) {
          codesByValute.set(entry.row.valute, [...(codesByValute.get(entry.row.valute) ?? []), code]);
        }
        const valutes = [...codesByValute.keys()].filter((v) => v !== PAR_VALUTE);
        const wanted = (source: RateSource) =>
          valutes.filter((v) => (source.kind === 'rouble' ? v === 'RUB' : v !== 'RUB'));
        const answers = await Promise.all(
          sources.filter((s) => wanted(s).length > 0).map((source) => read(source, wanted(source))),
        );
        const checkedAt = now();

        await database.db.transaction(async (tx) => {
          for (const { source, valutes: asked, readings, error } of answers) {
            for (const valute of asked) {
              const key = { valute, source: source.id };
              const reading = readings?.get(valute);
              if (reading) {
                // A source's own time can only make a reading older, never newer than when it was read.
                const priceAt = reading.at && reading.at < checkedAt ? reading.at : checkedAt;
                await saveReading(tx, key, { usdPrice: reading.usdPrice, priceAt, checkedAt });
              } else {
                const pair = source.kind === 'rouble' ? 'US dollar rate' : `${valute}/USDT price`;
                await saveMiss(tx, key, { error: error ?? `${NAMES[source.id]} gave no ${pair}`, checkedAt });
              }
            }
          }
          await forgetOtherSources(
            tx,
            valutes,
            sources.map((s) => s.id),
          );

          const stored = new Map<string, StoredReading[]>();
          for (const row of await listPriceSources(tx)) {
            stored.set(row.valute, [
              ...(stored.get(row.valute) ?? []),
              {
                source: row.source,
                usdPrice: row.usdPrice === null ? null : new Decimal(row.usdPrice),
                priceAt: row.priceAt,
              },
            ]);
          }
          const { currencies } = catalog.get();
          for (const valute of valutes) {
            const codes = codesByValute.get(valute)!;
            const maxAge = maxAgeOf(valute);
            const { agreement, judged } = agree(stored.get(valute) ?? [], {
              now: checkedAt,
              maxAgeSeconds: maxAge,
              spread,
              current: agreedCurrent(
                codes.map((c) => currencies.get(c)),
                checkedAt,
              ),
            });
            await saveJudgements(tx, valute, judged);
            if (agreement) {
              await saveAgreedPrice(tx, codes, agreement, maxAge, checkedAt);
            } else {
              const alone = judged.filter((j) => j.verdict === 'too_few').map((j) => NAMES[j.source]);
              const reason = judged.some((j) => j.verdict === 'outlier')
                ? `the sources for ${valute} disagree: none is within ${spreadPercent.toFixed()} % of their median`
                : `fewer than two fresh sources for ${valute} (fresh: ${alone.join(', ') || 'none'})`;
              await saveNoAgreement(tx, codes, reason, maxAge, checkedAt);
            }
          }
          const par = codesByValute.get(PAR_VALUTE);
          if (par) await savePar(tx, par, CRYPTO_MAX_AGE_SECONDS, checkedAt);
        });
        await catalog.changed();
      });
    },
  };
}

/**
 * The price in use, as one more voice in the median: only while fresh and itself the median of two
 * or more sources, so a price one source carried cannot carry the next one.
 */
function agreedCurrent(entries: (CatalogCurrency | undefined)[], now: Date): Decimal | null {
  for (const entry of entries) {
    if (!entry || entry.priceSource !== MEDIAN_SOURCE || entry.priceSources.length < 2) continue;
    if (!entry.usdPrice || !entry.priceUpdatedAt || entry.priceMaxAgeSeconds === null) continue;
    if (now.getTime() - entry.priceUpdatedAt.getTime() <= entry.priceMaxAgeSeconds * 1000) return entry.usdPrice;
  }
  return null;
}
