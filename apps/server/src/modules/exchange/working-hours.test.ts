import { describe, expect, it } from 'vitest';
import { withinWorkingHours } from './working-hours';

// 2026-11-26 in Moscow (UTC+3) at the given time.
const moscow = (clock: string) => Date.parse(`2026-11-26T${clock}:00+03:00`);

describe('working hours, in Moscow time', () => {
  it('are around the clock when none are set', () => {
    expect(withinWorkingHours({ opensAt: null, closesAt: null }, moscow('03:00'))).toBe(true);
  });

  it('open at the opening minute and close at the closing one', () => {
    const day = { opensAt: '09:00', closesAt: '21:00' };
    expect(withinWorkingHours(day, moscow('08:59'))).toBe(false);
    expect(withinWorkingHours(day, moscow('09:00'))).toBe(true);
    expect(withinWorkingHours(day, moscow('20:59'))).toBe(true);
    expect(withinWorkingHours(day, moscow('21:00'))).toBe(false);
    // 06:30 UTC is 09:30 in Moscow: the offset is applied, not the server's zone.
    expect(withinWorkingHours(day, Date.parse('2026-11-26T06:30:00Z'))).toBe(true);
  });

  it('run past midnight when closing comes before opening', () => {
    const night = { opensAt: '22:00', closesAt: '06:00' };
    expect(withinWorkingHours(night, moscow('23:30'))).toBe(true);
    expect(withinWorkingHours(night, moscow('05:59'))).toBe(true);
    expect(withinWorkingHours(night, moscow('06:00'))).toBe(false);
    expect(withinWorkingHours(night, moscow('12:00'))).toBe(false);
  });
});
