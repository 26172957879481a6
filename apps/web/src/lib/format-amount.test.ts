import { describe, expect, it } from 'vitest';
import { formatAmount } from './format-amount';

describe('amounts on screen', () => {
  it('groups thousands and uses the language’s decimal mark', () => {
    expect(formatAmount('1234567.5', 'en')).toBe('1,234,567.5');
    expect(formatAmount('1234567.5', 'ru')).toBe('1\u202f234\u202f567,5');
  });

  it('drops trailing zeros, keeping two places for two-decimal currencies', () => {
    expect(formatAmount('0.01000000', 'en', 8)).toBe('0.01');
    expect(formatAmount('10000.00', 'en', 2)).toBe('10,000');
    expect(formatAmount('10000.50', 'ru', 2)).toBe('10\u202f000,50');
  });

  it('keeps every digit of a long amount exactly', () => {
    expect(formatAmount('123456789012345678.123456789012345678', 'en')).toBe(
      '123,456,789,012,345,678.123456789012345678',
    );
  });

  it('leaves what is not a decimal string as it is', () => {
    expect(formatAmount('n/a', 'en')).toBe('n/a');
  });
});
