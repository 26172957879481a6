import { describe, expect, it } from 'vitest';
import { scaleOf } from './exchange.catalog';

describe("a currency's scale", () => {
  it('is read from the catalog, and an unknown code is an error, not 8 decimals', () => {
    const currencies = new Map([
      ['BTC', { row: { scale: 8 } }],
      ['SBERRUB', { row: { scale: 2 } }],
    ]);
    const snapshot = { currencies } as unknown as Parameters<typeof scaleOf>[0];
    expect(scaleOf(snapshot, 'SBERRUB')).toBe(2);
    expect(() => scaleOf(snapshot, 'DOGE')).toThrow(/DOGE is not in the catalog/);
  });
});
