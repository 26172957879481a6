import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database';

/**
 * Rate-limit windows as they stand `seconds` later: the counters keep time by the database's
 * clock (`now()`), which a test cannot move, so the windows' starts move back instead.
 */
export async function passRateLimitWindows(db: Db, seconds: number): Promise<void> {
  await db.execute(sql`update rate_limits set window_start = window_start - make_interval(secs => ${seconds}::float8)`);
}
