import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareAmounts } from './amount-text';
import { Decimal } from './decimal';

describe('compareAmounts', () => {
  it('orders decimal strings exactly, whatever their zeros', () => {
    expect(compareAmounts('10', '9.99')).toBe(1);
    expect(compareAmounts('0010.50', '10.5')).toBe(0);
    expect(compareAmounts('0.1', '0.10000000000000000001')).toBe(-1);
    expect(compareAmounts('0', '0.00')).toBe(0);
    expect(compareAmounts('123456789012345678901.5', '123456789012345678901.49')).toBe(1);
  });

  it('agrees with exact decimal arithmetic', () => {
    const amount = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.integer({ min: 0, max: 18 }))
      .map(([units, scale]) => new Decimal(units.toString()).div(new Decimal(10).pow(scale)).toFixed(scale));
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        expect(compareAmounts(a, b)).toBe(new Decimal(a).comparedTo(b));
      }),
    );
  });
});
