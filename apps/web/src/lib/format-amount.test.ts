import { describe, expect, it } from 'vitest';
import { formatAmount, formatPercent } from './format-amount';

describe('amounts on screen', () => {
  it('groups thousands and uses the language’s decimal mark, keeping every digit', () => {
    expect(formatAmount('1234567.891234567891', 'ru')).toBe('1\u00a0234\u00a0567,891234567891');
    expect(formatAmount('1234567.5', 'en')).toBe('1,234,567.5');
    expect(formatAmount('999', 'en')).toBe('999');
    expect(formatAmount('123456789012345678.123456789012345678', 'en')).toBe(
      '123,456,789,012,345,678.123456789012345678',
    );
  });

  it('drops trailing zeros, except the cents of two-decimal money', () => {
    expect(formatAmount('0.01000000', 'en', { scale: 8 })).toBe('0.01');
    expect(formatAmount('10000', 'en', { scale: 2 })).toBe('10,000.00');
    expect(formatAmount('10000.50', 'ru', { scale: 2 })).toBe('10\u00a0000,50');
  });

  it('adds the unit after a non-breaking space, and leaves what is no number alone', () => {
    expect(formatAmount('10.50', 'en', { scale: 2, unit: 'USD' })).toBe('10.50\u00a0USD');
    expect(formatAmount('n/a', 'ru', { unit: 'USD' })).toBe('n/a USD');
    expect(formatAmount('n/a', 'en')).toBe('n/a');
  });

  it('writes percentages the way each language does', () => {
    expect(formatPercent('0.05', 'ru')).toBe('0,05\u00a0%');
    expect(formatPercent('0.3000', 'en')).toBe('0.3%');
  });
});
