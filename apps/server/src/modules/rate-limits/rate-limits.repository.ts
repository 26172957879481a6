import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/database';

export interface WindowCount {
  count: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

/** One count per key asked for, in the same order. */
export type WindowCounts<Keys extends readonly string[]> = { -readonly [I in keyof Keys]: WindowCount };

interface Row {
  count: number;
  retry_after: number | string;
}

function toWindowCount(row: Row | undefined): WindowCount {
  return { count: Number(row?.count ?? 0), retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.retry_after ?? 0))) };
}

/**
 * The counts in the current window of several keys (0 where the window has passed), in the order
 * given: one statement, so a login checks its account and its address in one round trip.
 */
export async function peekCounts<const Keys extends readonly string[]>(
  db: DbOrTx,
  keys: Keys,
  windowSeconds: number,
): Promise<WindowCounts<Keys>> {
  // `key in ()` is not SQL: nothing asked, nothing to read.
  if (keys.length === 0) return [] as unknown as WindowCounts<Keys>;
  const rows = await queryRows<Row & { key: string }>(
    db,
    sql`
    select key, count, extract(epoch from (window_start + make_interval(secs => ${windowSeconds}::float8) - now())) as retry_after
    from rate_limits
    where key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )}) and window_start > now() - make_interval(secs => ${windowSeconds}::float8)`,
  );
  return keys.map((key) => toWindowCount(rows.find((row) => row.key === key))) as WindowCounts<Keys>;
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
