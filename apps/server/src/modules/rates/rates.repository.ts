import { and, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import { type Decimal, PRICE_SOURCES, toAmount, type PriceSource } from '@obmen/shared';
import type { DbOrTx } from '../../db/database';
import { prices, priceSources } from '../../db/schema';
import type { Agreement, Judgement } from './median';

export type PriceSourceRow = typeof priceSources.$inferSelect;

/** A price an operator typed in: the live sources leave it alone until the operator lets go of it. */
export const MANUAL_SOURCE = 'manual';
/** A live price that is the median of its sources (prices.source). */
export const MEDIAN_SOURCE = 'median';
/** USDT, the unit every exchange quotes in, is the dollar by definition here. */
export const PAR_SOURCE = 'par';

/** By asset, then in the sources' own order (exchanges first, as PRICE_SOURCES lists them). */
export async function listPriceSources(db: DbOrTx): Promise<PriceSourceRow[]> {
  const rows = await db.select().from(priceSources).orderBy(priceSources.valute);
  return rows.sort(
    (a, b) => a.valute.localeCompare(b.valute) || PRICE_SOURCES.indexOf(a.source) - PRICE_SOURCES.indexOf(b.source),
  );
}

/** A source's new price of an asset, read at `checkedAt`. */
export async function saveReading(
  db: DbOrTx,
  key: { valute: string; source: PriceSource },
  reading: { usdPrice: Decimal; priceAt: Date; checkedAt: Date },
): Promise<void> {
  const values = {
    usdPrice: toAmount(reading.usdPrice, 18, 'half-up'),
    priceAt: reading.priceAt,
    checkedAt: reading.checkedAt,
    lastError: null,
  };
  await db
    .insert(priceSources)
    .values({ ...key, ...values })
    .onConflictDoUpdate({ target: [priceSources.valute, priceSources.source], set: values });
}

/** A reading that gave nothing: why, and when; the last price stays (it goes stale in time). */
export async function saveMiss(
  db: DbOrTx,
  key: { valute: string; source: PriceSource },
  miss: { error: string; checkedAt: Date },
): Promise<void> {
  const values = { checkedAt: miss.checkedAt, lastError: miss.error.slice(0, 500) };
  await db
    .insert(priceSources)
    .values({ ...key, ...values })
    .onConflictDoUpdate({ target: [priceSources.valute, priceSources.source], set: values });
}

/** Forgets the sources no longer asked and the assets no longer listed. */
export async function forgetOtherSources(db: DbOrTx, valutes: string[], sources: PriceSource[]): Promise<void> {
  const gone = [
    ...(valutes.length ? [notInArray(priceSources.valute, valutes)] : []),
    ...(sources.length ? [notInArray(priceSources.source, sources)] : []),
  ];
  await db.delete(priceSources).where(gone.length ? or(...gone) : sql`true`);
}

export async function saveJudgements(db: DbOrTx, valute: string, judged: Judgement[]): Promise<void> {
  for (const { source, verdict, deviation } of judged) {
    await db
      .update(priceSources)
      .set({ verdict, deviationPercent: deviation === null ? null : toAmount(deviation.times(100), 4, 'half-up') })
      .where(and(eq(priceSources.valute, valute), eq(priceSources.source, source)));
  }
}

const notManual = (codes: string[]) => and(inArray(prices.currencyCode, codes), ne(prices.source, MANUAL_SOURCE));

/** The currencies' live price: the sources' median as of its oldest reading. */
export async function saveAgreedPrice(
  db: DbOrTx,
  codes: string[],
  agreement: Agreement,
  maxAgeSeconds: number,
  checkedAt: Date,
): Promise<void> {
  await db
    .update(prices)
    .set({
      usdPrice: toAmount(agreement.usdPrice, 18, 'half-up'),
      source: MEDIAN_SOURCE,
      sources: agreement.sources,
      maxAgeSeconds,
      lastError: null,
      updatedAt: agreement.at,
      checkedAt,
    })
    .where(notManual(codes));
}

/** No price agreed: the one in use stays, and goes stale (its directions close) at its age. */
export async function saveNoAgreement(
  db: DbOrTx,
  codes: string[],
  reason: string,
  maxAgeSeconds: number,
  checkedAt: Date,
): Promise<void> {
  await db
    .update(prices)
    .set({ source: MEDIAN_SOURCE, maxAgeSeconds, lastError: reason, checkedAt })
    .where(notManual(codes));
}

/** USDT at one dollar, as of now. */
export async function savePar(db: DbOrTx, codes: string[], maxAgeSeconds: number, at: Date): Promise<void> {
  await db
    .update(prices)
    .set({
      usdPrice: '1',
      source: PAR_SOURCE,
      sources: [],
      maxAgeSeconds,
      lastError: null,
      updatedAt: at,
      checkedAt: at,
    })
    .where(notManual(codes));
}
