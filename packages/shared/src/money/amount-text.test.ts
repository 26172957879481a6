import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareAmounts, formatAmount, normalizeAmount, sanitizeAmountInput, trimAmount } from './amount-text';
import { Decimal } from './decimal';

const amountArb = fc
  .tuple(fc.bigInt({ min: 0n, max: 10n ** 22n }), fc.integer({ min: 0, max: 18 }))
  .map(([units, scale]) => new Decimal(units.toString()).div(new Decimal(10).pow(scale)).toFixed(scale));

describe('amount text', () => {
  it('reads what people type: a comma or a dot, spaces between thousands', () => {
    expect(normalizeAmount('1 234,5')).toBe('1234.5');
    expect(normalizeAmount('007.50')).toBe('7.50');
    expect(normalizeAmount('-5')).toBeNull();
    expect(normalizeAmount('1e5')).toBeNull();
  });

  it('keeps digits and one decimal mark, with no more decimals than the scale', () => {
    expect(sanitizeAmountInput('12,3456', 2)).toBe('12.34');
    expect(sanitizeAmountInput('1.2.3', 8)).toBe('1.23');
    expect(sanitizeAmountInput('abc10,5', 0)).toBe('10');
    expect(sanitizeAmountInput(',5', 2)).toBe('0.5');
  });

  it('orders decimal strings exactly as decimals do', () => {
    fc.assert(
      fc.property(amountArb, amountArb, (a, b) => {
        const expected = new Decimal(a).comparedTo(b);
        expect(compareAmounts(a, b)).toBe(expected);
      }),
    );
    expect(compareAmounts('3000', '2999.99')).toBe(1);
    expect(compareAmounts('0.5', '0.50')).toBe(0);
    expect(compareAmounts('00012', '12.000')).toBe(0);
  });

  it('drops only the zeros of the scale', () => {
    expect(trimAmount('3000.00')).toBe('3000');
    expect(trimAmount('0.05000')).toBe('0.05');
    expect(trimAmount('1500')).toBe('1500');
  });

  it('groups thousands for reading in each language, keeping every digit', () => {
    expect(formatAmount('1500000.50', 'ru')).toBe('1\u00a0500\u00a0000,50');
    expect(formatAmount('1500000.50', 'en')).toBe('1,500,000.50');
    expect(formatAmount('999', 'en')).toBe('999');
    fc.assert(
      fc.property(amountArb, (a) => {
        expect(formatAmount(a, 'en').replace(/,/g, '')).toBe(a);
      }),
    );
  });
});
