import { describe, expect, it } from 'vitest';
import { formatAge, formatPercent, formatUsd, secondsSince } from './format';

describe('how long ago', () => {
  it('says it in the largest unit that fits, in the operator’s language', () => {
    // The unit's exact short form is the ICU data's choice ("sec" or "secs"); the number and unit are ours.
    expect(formatAge(42, 'en')).toMatch(/^42\ssecs?$/);
    expect(formatAge(5 * 60 + 59, 'en')).toMatch(/^5\smins?$/);
    expect(formatAge(3 * 3600, 'ru')).toMatch(/^3\sч$/);
    expect(formatAge(2 * 86_400 + 5, 'en')).toMatch(/^2\sdays?$/);
  });

  it('never goes negative when a clock runs a little ahead', () => {
    expect(secondsSince('2030-01-01T00:00:00Z', Date.parse('2029-12-31T23:59:58Z'))).toBe(0);
  });
});

describe('figures in the console’s language (issue 46)', () => {
  it('writes dollars and percentages as each language does', () => {
    expect(formatUsd('500.1', 'en')).toBe('$500.10');
    expect(formatUsd('12345.6', 'ru')).toBe('12\u00a0345,60\u00a0$');
    expect(formatPercent('1.8', 'en')).toBe('1.8%');
    expect(formatPercent('1.8', 'ru')).toBe('1,8\u00a0%');
  });
});
