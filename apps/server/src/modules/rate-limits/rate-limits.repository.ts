import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/database';

export interface WindowCount {
  count: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

interface Row {
  count: number;
  retry_after: number | string;
}

function toWindowCount(row: Row | undefined): WindowCount {
  return { count: Number(row?.count ?? 0), retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.retry_after ?? 0))) };
}

/** The count in the current window of a key (0 when the window has passed). */
export async function peekCount(db: DbOrTx, key: string, windowSeconds: number): Promise<WindowCount> {
  const rows = await queryRows<Row>(
    db,
    sql`
    select count, extract(epoch from (window_start + make_interval(secs => ${windowSeconds}::float8) - now())) as retry_after
    from rate_limits
    where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds}::float8)`,
  );
  return toWindowCount(rows[0]);
}

/** Counts one more event for a key, atomically, starting a new window when the old one has passed. */
export async function hitCount(db: DbOrTx, key: string, windowSeconds: number): Promise<WindowCount> {
  const rows = await queryRows<Row>(
    db,
    sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}::float8)
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}::float8)
                          then now() else rate_limits.window_start end
    returning count, extract(epoch from (window_start + make_interval(secs => ${windowSeconds}::float8) - now())) as retry_after`,
  );
  return toWindowCount(rows[0]);
}

export async function clearCount(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}
