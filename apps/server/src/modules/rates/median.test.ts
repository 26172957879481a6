import { describe, expect, it } from 'vitest';
import { Decimal, type PriceSource } from '@obmen/shared';
import { agree, median, type StoredReading } from './median';

const NOW = new Date('2026-11-21T14:05:12Z');
const secondsAgo = (s: number) => new Date(NOW.getTime() - s * 1000);
const reading = (source: PriceSource, price: string | null, age = 5): StoredReading => ({
  source,
  usdPrice: price === null ? null : new Decimal(price),
  priceAt: price === null ? null : secondsAgo(age),
});
const options = { now: NOW, maxAgeSeconds: 600, spread: new Decimal('0.02'), current: null };
const verdicts = (judged: { source: PriceSource; verdict: string }[]) =>
  Object.fromEntries(judged.map((j) => [j.source, j.verdict]));

describe('the median', () => {
  it('is the middle value, or the mean of the middle two', () => {
    expect(median(['3', '1', '2'].map((v) => new Decimal(v))).toFixed()).toBe('2');
    expect(median(['4', '1', '3', '2'].map((v) => new Decimal(v))).toFixed()).toBe('2.5');
  });
});

describe('agreeing a price from several sources', () => {
  it('is the median of the fresh sources, as of the oldest of them', () => {
    const { agreement, judged } = agree(
      [reading('binance', '95000.5', 3), reading('okx', '95010', 40), reading('kraken', '94990', 8)],
      options,
    );
    expect(agreement?.usdPrice.toFixed()).toBe('95000.5');
    expect(agreement?.at).toEqual(secondsAgo(40));
    expect(agreement?.sources).toEqual(['binance', 'okx', 'kraken']);
    expect(verdicts(judged)).toEqual({ binance: 'counted', okx: 'counted', kraken: 'counted' });
  });

  it('leaves out a source +40 %, a stale one and one that never answered: the price is the median of the rest', () => {
    const { agreement, judged } = agree(
      [reading('binance', '133000'), reading('okx', '95000', 601), reading('bybit', '95010'), reading('kraken', null)],
      // The price in use, agreed by two or more sources a minute ago, tells the two fresh ones apart.
      { ...options, current: new Decimal('95000') },
    );
    expect(agreement?.usdPrice.toFixed()).toBe('95010');
    expect(agreement?.sources).toEqual(['bybit']);
    expect(verdicts(judged)).toEqual({ binance: 'outlier', okx: 'stale', bybit: 'counted', kraken: 'missing' });
    const liar = judged.find((j) => j.source === 'binance')!;
    expect(liar.deviation!.times(100).toFixed(2)).toBe('39.99');
  });

  it('judges against the median of all of them, not of the others: one liar of three cannot take the honest two out', () => {
    const { agreement } = agree([reading('binance', '100'), reading('okx', '101'), reading('kraken', '140')], options);
    // The others' median of binance would be 120.5: 17 % away. Against the median of all (101) it is 1 %.
    expect(agreement?.usdPrice.toFixed()).toBe('100.5');
    expect(agreement?.sources).toEqual(['binance', 'okx']);
  });

  it('counts a source within the spread and leaves out one beyond it', () => {
    const { agreement, judged } = agree(
      [reading('binance', '100'), reading('okx', '100'), reading('bybit', '101.9'), reading('kraken', '97.9')],
      options,
    );
    expect(verdicts(judged)).toMatchObject({ bybit: 'counted', kraken: 'outlier' });
    expect(
      judged
        .find((j) => j.source === 'kraken')!
        .deviation!.times(100)
        .toFixed(1),
    ).toBe('-2.1');
    expect(agreement?.usdPrice.toFixed()).toBe('100');
  });

  it('gives no price under two fresh sources', () => {
    const { agreement, judged } = agree(
      [reading('binance', '100'), reading('okx', '100', 700), reading('kraken', null)],
      {
        ...options,
        current: new Decimal('100'),
      },
    );
    expect(agreement).toBeNull();
    expect(verdicts(judged)).toEqual({ binance: 'too_few', okx: 'stale', kraken: 'missing' });
  });

  it('tells two disagreeing sources apart by the price in use, when two or more sources agreed on it', () => {
    const two = [reading('binance', '140'), reading('bybit', '100.5')];
    expect(agree(two, { ...options, current: new Decimal('100') }).agreement).toMatchObject({ sources: ['bybit'] });
    // Without it they cannot be told apart: each is 16.6 % from their median, so neither counts.
    const alone = agree(two, options);
    expect(alone.agreement).toBeNull();
    expect(verdicts(alone.judged)).toEqual({ binance: 'outlier', bybit: 'outlier' });
  });

  it('follows a move all the sources agree on, however large: there is no jump guard', () => {
    const crash = [reading('binance', '66500'), reading('okx', '66510'), reading('kraken', '66490')];
    const { agreement } = agree(crash, { ...options, current: new Decimal('95000') });
    expect(agreement?.usdPrice.toFixed()).toBe('66500');
  });
});
