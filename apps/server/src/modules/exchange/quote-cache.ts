/**
 * Visitors' quotes per input, for one wall-clock second and one catalog snapshot. The converter
 * asks for the same figures again and again (every keystroke, every visitor on a popular amount);
 * pricing and signing each time was most of calculate's cost (issue 11, --cpu-prof). Quotes issued
 * within a second share their expiry, so a cached answer promises exactly what a fresh one would.
 * A new catalog version (prices, fees, limits, a reserve moved) or the next second starts an empty
 * cache.
 */
export function createQuoteCache<Answer>(maxEntries = 10_000) {
  let second = -1;
  let version = -1;
  let entries = new Map<string, Answer>();

  /** The entries of this second and catalog version, emptied when either moved on. */
  function current(now: number, catalogVersion: number): Map<string, Answer> {
    const s = Math.floor(now / 1000);
    if (s !== second || catalogVersion !== version) {
      second = s;
      version = catalogVersion;
      entries = new Map();
    }
    return entries;
  }

  return {
    get(key: string, now: number, catalogVersion: number): Answer | undefined {
      return current(now, catalogVersion).get(key);
    },

    /**
     * Kept only while its second lasts, and not when the cache has already moved to a newer catalog
     * version (pricing awaits): a late answer must not empty the entries of the newer one.
     */
    set(key: string, quote: Answer, pricedAt: number, pricedOn: number, now = Date.now()): void {
      if (Math.floor(pricedAt / 1000) !== Math.floor(now / 1000) || pricedOn < version) return;
      const map = current(now, pricedOn);
      if (map.size < maxEntries) map.set(key, quote);
    },
  };
}

/** Quotes issued within one second expire together: at the end of that second plus the lifetime. */
export const quoteExpiry = (now: number, lifetimeSeconds: number) =>
  (Math.floor(now / 1000) + 1 + lifetimeSeconds) * 1000;
