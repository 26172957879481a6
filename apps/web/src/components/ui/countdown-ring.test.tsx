import { describe, expect, it } from 'vitest';
import { easesEachSecond } from './countdown-ring';

describe('the countdown ring', () => {
  it('eases its arc when a second moves it a pixel or more (a quote fixed for a minute)', () => {
    expect(easesEachSecond(60_000, 40)).toBe(true);
    expect(easesEachSecond(30_000, 44)).toBe(true);
  });

  it('steps when a second moves it less than a pixel (a 30-minute payment window), and never eases an empty span', () => {
    expect(easesEachSecond(30 * 60_000, 56)).toBe(false);
    expect(easesEachSecond(0, 44)).toBe(false);
  });
});
