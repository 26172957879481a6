/** The exchanger's clock: working hours are set and shown in Moscow time, which keeps UTC+3 all year. */
const MOSCOW_OFFSET_MINUTES = 3 * 60;

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

export interface WorkingHours {
  opensAt: string | null;
  closesAt: string | null;
}

/**
 * Whether a direction with these hours is open at `at` (issue 35): none set is around the clock; a
 * closing time before the opening one runs past midnight (22:00–06:00). Opening is inclusive,
 * closing is not.
 */
export function withinWorkingHours({ opensAt, closesAt }: WorkingHours, at: number): boolean {
  if (opensAt === null || closesAt === null) return true;
  const minute = Math.floor(at / 60_000 + MOSCOW_OFFSET_MINUTES) % (24 * 60);
  const [opens, closes] = [minutesOf(opensAt), minutesOf(closesAt)];
  return opens < closes ? minute >= opens && minute < closes : minute >= opens || minute < closes;
}
