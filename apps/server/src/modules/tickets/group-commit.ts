import type { Db, Tx } from '../../db/database';

/** How one task of a batch ended: its value, or the error it is refused with. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Waiting<J, T> {
  job: J;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** More than this many waiting tasks of one key go in the next batch. */
const MOST_PER_BATCH = 200;

/**
 * Group commit per key. Ticket creations that hold the same reserve take turns on its row lock
 * anyway, so each waited for the one before it to commit: one disk flush per ticket, under 100
 * tickets a second on PostgreSQL (issue 11). Here the tasks of a key that arrive while a batch runs
 * wait for the next one, and a batch is one transaction: `runBatch` settles each task of it, and
 * the tasks are answered once the batch has committed (all refused with its error if it does not).
 * A lone task is a batch of one, as quick as before.
 */
export function createBatchCommit<J, T>(db: Db, runBatch: (tx: Tx, jobs: J[]) => Promise<Settled<T>[]>) {
  const waiting = new Map<string, Waiting<J, T>[]>();

  async function drain(key: string, queue: Waiting<J, T>[]): Promise<void> {
    while (queue.length > 0) {
      // Let the event loop read what has arrived first. PGlite runs a query synchronously, so a
      // batch never yields to the network: without this pause, each batch was one task long.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = queue.splice(0, MOST_PER_BATCH);
      try {
        const settled = await db.transaction((tx) =>
          runBatch(
            tx,
            batch.map((w) => w.job),
          ),
        );
        batch.forEach((w, i) => {
          const outcome = settled[i]!;
          if (outcome.ok) w.resolve(outcome.value);
          else w.reject(outcome.error);
        });
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    waiting.delete(key);
  }

  return function inTurn(key: string, job: J): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const entry = { job, resolve, reject };
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

/** Each task in a savepoint of its own: a refused task (a taken promo code) rolls back alone. */
export async function eachInSavepoint<T>(tx: Tx, works: ((tx: Tx) => Promise<T>)[]): Promise<Settled<T>[]> {
  const settled: Settled<T>[] = [];
  for (const work of works) {
    try {
      settled.push({ ok: true, value: await tx.transaction((savepoint) => work(savepoint)) });
    } catch (error) {
      settled.push({ ok: false, error });
    }
  }
  return settled;
}
