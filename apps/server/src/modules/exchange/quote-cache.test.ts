import { describe, expect, it } from 'vitest';
import { createQuoteCache, quoteExpiry } from './quote-cache';

describe('the quote cache', () => {
  it('keeps a quote for the rest of its second and catalog version only', () => {
    const cache = createQuoteCache<string>();
    cache.set('k', 'a', 10_100, 1, 10_120);
    expect(cache.get('k', 10_999, 1)).toBe('a');
    expect(cache.get('k', 11_000, 1)).toBeUndefined();
    cache.set('k', 'b', 11_000, 1, 11_001);
    expect(cache.get('k', 11_500, 2)).toBeUndefined();
  });

  it('drops a quote priced in an earlier second or on an earlier version', () => {
    const cache = createQuoteCache<string>();
    cache.set('late', 'a', 10_990, 1, 11_010);
    expect(cache.get('late', 11_020, 1)).toBeUndefined();
    expect(cache.get('other', 12_000, 2)).toBeUndefined();
    cache.set('stale', 'b', 12_000, 1, 12_001);
    expect(cache.get('stale', 12_002, 2)).toBeUndefined();
  });

  it('keeps a newer version’s entries when an answer priced on an older one comes late', () => {
    const cache = createQuoteCache<string>();
    expect(cache.get('new', 5_000, 2)).toBeUndefined();
    cache.set('new', 'b', 5_000, 2, 5_001);
    cache.set('old', 'a', 5_000, 1, 5_002);
    expect(cache.get('new', 5_003, 2)).toBe('b');
    expect(cache.get('old', 5_003, 2)).toBeUndefined();
  });

  it('holds at most as many entries as it was given', () => {
    const cache = createQuoteCache<string>(2);
    for (const key of ['a', 'b', 'c']) cache.set(key, key, 5_000, 1, 5_000);
    expect(['a', 'b', 'c'].map((key) => cache.get(key, 5_001, 1))).toEqual(['a', 'b', undefined]);
  });

  it('gives quotes of one second one expiry, never short of the lifetime', () => {
    expect(quoteExpiry(10_000, 30)).toBe(41_000);
    expect(quoteExpiry(10_999, 30)).toBe(41_000);
    expect(quoteExpiry(10_999, 30) - 10_999).toBeGreaterThan(30_000);
  });
});
