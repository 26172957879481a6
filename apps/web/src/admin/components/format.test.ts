import { describe, expect, it } from 'vitest';
import { formatAge, secondsSince } from './format';

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
