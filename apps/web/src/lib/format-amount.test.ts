import { describe, expect, it } from 'vitest';
import { formatAmount, formatPercent } from './format-amount';

describe('formatAmount', () => {
  it('groups thousands and writes the decimal mark of the language, keeping every digit', () => {
    expect(formatAmount('1234567.891234567891', 'ru')).toBe('1\u00a0234\u00a0567,891234567891');
    expect(formatAmount('1234567.891234567891', 'en')).toBe('1,234,567.891234567891');
    expect(formatAmount('999', 'en')).toBe('999');
    expect(formatAmount('0.10', 'ru')).toBe('0,10');
  });

  it('adds the unit after a non-breaking space, and leaves what is no number alone', () => {
    expect(formatAmount('10.00', 'en', 'USD')).toBe('10.00\u00a0USD');
    expect(formatAmount('n/a', 'ru', 'USD')).toBe('n/a USD');
  });

  it('writes percentages the way each language does', () => {
    expect(formatPercent('0.05', 'ru')).toBe('0,05\u00a0%');
    expect(formatPercent('0.3', 'en')).toBe('0.3%');
  });
});
