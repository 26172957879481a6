import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../../db/database';

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

/** A counter to take one more from, and the most it may hold in its window. */
export interface Slot {
  key: string;
  max: number;
}

/** Slots taken by `reserveCounts`: what to give back should the attempt not count after all. */
export interface Reservation {
  /** `windowStart` as PostgreSQL's text, to the microsecond: a JS Date would round it. */
  slots: { key: string; windowStart: string; count: number; max: number }[];
}

export type ReserveOutcome = ({ ok: true } & Reservation) | { ok: false; retryAfterSeconds: number };

class SlotFull extends Error {}

/**
 * Takes one from every slot, or from none when any is full: one conditional upsert in a
 * transaction. The upsert's WHERE sees the newest row under its lock, so however many processes
 * ask at once, a slot never goes past its max (a read first and a write after let 14 of 8 by).
 * Slots are locked in key order, so two callers sharing keys cannot deadlock.
 */
export async function reserveCounts(db: Db, wanted: Slot[], windowSeconds: number): Promise<ReserveOutcome> {
  const slots = [...wanted].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const window = sql`make_interval(secs => ${windowSeconds}::float8)`;
  const expired = sql`rate_limits.window_start <= now() - ${window}`;
  try {
    return await db.transaction(async (tx) => {
      const rows = await queryRows<{ key: string; window_start: string; count: number }>(
        tx,
        sql`
        insert into rate_limits (key, window_start, count)
        select key, now(), 1 from (values ${sql.join(
          slots.map((slot, i) => sql`(${slot.key}::text, ${i}::int)`),
          sql`, `,
        )}) as wanted(key, position) order by position
        on conflict (key) do update set
          count = case when ${expired} then 1 else rate_limits.count + 1 end,
          window_start = case when ${expired} then now() else rate_limits.window_start end
        where ${expired} or rate_limits.count < (${sql.join(
          [
            sql`case rate_limits.key`,
            ...slots.map((slot) => sql`when ${slot.key}::text then ${slot.max}::int`),
            sql`end`,
          ],
          sql` `,
        )})
        returning key, window_start::text as window_start, count`,
      );
      if (rows.length < slots.length) throw new SlotFull();
      return {
        ok: true as const,
        slots: rows.map((row) => ({
          key: row.key,
          windowStart: row.window_start,
          count: Number(row.count),
          max: slots.find((slot) => slot.key === row.key)!.max,
        })),
      };
    });
  } catch (error) {
    if (!(error instanceof SlotFull)) throw error;
    const counts = await peekCounts(
      db,
      slots.map((slot) => slot.key),
      windowSeconds,
    );
    const full = counts.filter((count, i) => count.count >= slots[i]!.max);
    return { ok: false, retryAfterSeconds: Math.max(1, ...full.map((count) => count.retryAfterSeconds)) };
  }
}

/** Gives reserved slots back (an attempt that did not count), in the window they were taken in only. */
export async function releaseCounts(db: DbOrTx, { slots }: Reservation): Promise<void> {
  for (const slot of slots) {
    await db.execute(
      sql`update rate_limits set count = greatest(count - 1, 0) where key = ${slot.key} and window_start = ${slot.windowStart}::timestamptz`,
    );
  }
}
