import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';

interface Waiting {
  work: (tx: Tx) => Promise<unknown>;
  /** Names locked for the batch's whole transaction before any work (the clients' limit keys). */
  locks: readonly string[];
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** More than this many waiting creations of one key go in the next batch. */
const MOST_PER_BATCH = 200;

/**
 * Ticket creations in batches, one queue per reserve. Creations that hold the same reserve take
 * turns on its row lock anyway, so each waited for the one before it to commit: one disk flush per
 * ticket, under 100 tickets a second on PostgreSQL (issue 11). Here the creations of a key that
 * arrive while a batch runs wait for the next one, and a batch is one transaction in which each
 * creation runs in a savepoint of its own: a refused one (no reserve left, a taken promo code) rolls
 * back alone. Each is answered once the batch has committed (all refused with its error if it does
 * not). A lone creation is a batch of one, as quick as before.
 */
export function createTicketBatches(db: Db) {
  const waiting = new Map<string, Waiting[]>();

  async function drain(key: string, queue: Waiting[]): Promise<void> {
    while (queue.length > 0) {
      // Let the event loop read what has arrived first. PGlite runs a query synchronously, so a
      // batch never yields to the network: without this pause, each batch was one creation long.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = queue.splice(0, MOST_PER_BATCH);
      try {
        const settled = await db.transaction(async (tx) => {
          // Every batch takes all its locks first and in one order, so batches of different reserves
          // (or processes) that share a client wait for each other and never deadlock.
          // One statement: a VALUES list is read out in its order, one lock after another.
          const locks = [...new Set(batch.flatMap((w) => w.locks))].sort();
          if (locks.length > 0) {
            const names = sql.join(
              locks.map((name) => sql`(${name})`),
              sql`, `,
            );
            await tx.execute(
              sql`select pg_advisory_xact_lock(hashtextextended(name, 33)) from (values ${names}) as l(name)`,
            );
          }
          const outcomes: PromiseSettledResult<unknown>[] = [];
          for (const { work } of batch) {
            try {
              outcomes.push({ status: 'fulfilled', value: await tx.transaction((savepoint) => work(savepoint)) });
            } catch (reason) {
              outcomes.push({ status: 'rejected', reason });
            }
          }
          return outcomes;
        });
        batch.forEach((w, i) => {
          const outcome = settled[i]!;
          if (outcome.status === 'fulfilled') w.resolve(outcome.value);
          else w.reject(outcome.reason);
        });
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    waiting.delete(key);
  }

  /**
   * Runs `work` in the next batch of `key` (the reserve's currency), in a savepoint of its own, with
   * `locks` held by the batch (what the work counts must not change under it).
   */
  return function inBatch<T>(key: string, work: (tx: Tx) => Promise<T>, locks: readonly string[] = []): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry: Waiting = { work, locks, resolve: resolve as (value: unknown) => void, reject };
      const queue = waiting.get(key);
      if (queue) {
        queue.push(entry);
        return;
      }
      const fresh = [entry];
      waiting.set(key, fresh);
      void drain(key, fresh);
    });
  };
}
