import { PRICE_SOURCES, type Decimal, type PriceSource, type PriceVerdict } from '@obmen/shared';

/** A source's last price of an asset, as stored: null until it has given one. */
export interface StoredReading {
  source: PriceSource;
  usdPrice: Decimal | null;
  /** When that price was current. */
  priceAt: Date | null;
}

/** How one reading was used, and how far it was from the reference (a fraction, signed). */
export interface Judgement {
  source: PriceSource;
  verdict: PriceVerdict;
  deviation: Decimal | null;
}

export interface Agreement {
  usdPrice: Decimal;
  /** The oldest counted reading's time: the price is no fresher than that. */
  at: Date;
  sources: PriceSource[];
}

export interface AgreeOptions {
  now: Date;
  /** Older than this, a reading is stale. */
  maxAgeSeconds: number;
  /** The most a counted reading may be from the reference, as a fraction (0.02 for 2 %). */
  spread: Decimal;
  /** The price in use, when it is fresh and was itself the median of two or more sources. */
  current: Decimal | null;
}

/** The middle of the values: the middle one, or the mean of the two middle ones. */
export function median(values: Decimal[]): Decimal {
  if (values.length === 0) throw new Error('the median of nothing');
  const sorted = [...values].sort((a, b) => a.comparedTo(b));
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : sorted[middle - 1]!.plus(sorted[middle]!).div(2);
}

const order = (a: { source: PriceSource }, b: { source: PriceSource }) =>
  PRICE_SOURCES.indexOf(a.source) - PRICE_SOURCES.indexOf(b.source);

/**
 * One asset's live price from its sources' readings (issue 45):
 * - a reading is fresh while younger than the asset's maximum age; under two fresh ones there is no price;
 * - the reference is the median of the fresh readings, with the price in use as one more voice
 *   while it is fresh and was agreed by two or more sources: two sources that disagree are
 *   told apart by where the price was a moment ago, and a lone source cannot carry it further;
 * - a fresh reading further than the spread from the reference is left out as an outlier;
 * - the price is the median of the rest, as of the oldest of them.
 * The reference is the median of all of them, not of the others': with three sources and one +40 %,
 * the others' median of each honest one is half-way to the liar, and all three would be left out.
 */
export function agree(
  readings: StoredReading[],
  options: AgreeOptions,
): { agreement: Agreement | null; judged: Judgement[] } {
  const oldest = options.now.getTime() - options.maxAgeSeconds * 1000;
  const fresh = readings
    .filter((r) => r.usdPrice !== null && r.priceAt !== null && r.priceAt.getTime() >= oldest)
    .sort(order) as (StoredReading & { usdPrice: Decimal; priceAt: Date })[];
  const judged: Judgement[] = readings
    .filter((r) => !fresh.includes(r as (typeof fresh)[number]))
    .map((r) => ({ source: r.source, verdict: r.usdPrice === null ? 'missing' : 'stale', deviation: null }));
  if (fresh.length < 2) {
    judged.push(...fresh.map((r) => ({ source: r.source, verdict: 'too_few' as const, deviation: null })));
    return { agreement: null, judged: judged.sort(order) };
  }
  const reference = median([...fresh.map((r) => r.usdPrice), ...(options.current ? [options.current] : [])]);
  const counted: typeof fresh = [];
  for (const reading of fresh) {
    const deviation = reading.usdPrice.minus(reference).div(reference);
    const within = deviation.abs().lte(options.spread);
    if (within) counted.push(reading);
    judged.push({ source: reading.source, verdict: within ? 'counted' : 'outlier', deviation });
  }
  judged.sort(order);
  if (counted.length === 0) return { agreement: null, judged };
  return {
    agreement: {
      usdPrice: median(counted.map((r) => r.usdPrice)),
      at: new Date(Math.min(...counted.map((r) => r.priceAt.getTime()))),
      sources: counted.map((r) => r.source),
    },
    judged,
  };
}
