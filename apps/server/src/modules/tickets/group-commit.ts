import type { Db, Tx } from '../../db/database';

interface Job {
  work: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** More than this many waiting tasks of one key go in the next batch. */
const MOST_PER_BATCH = 200;

/**
 * Group commit per key. Ticket creations that hold the same reserve take turns on its row lock
 * anyway, so each waited for the one before it to commit: one disk flush per ticket, under 100
 * tickets a second on PostgreSQL (issue 11). Here the tasks of a key that arrive while a batch runs
 * wait for the next one, and a batch is one transaction in which each task has a savepoint of its
 * own: a refused task (no reserve left, a taken promo code) rolls back alone, and the rest are
 * answered once the batch has committed (all refused with its error if it does not). A lone task
 * is a batch of one, as quick as before.
 */
export function createGroupCommit(db: Db) {
  const waiting = new Map<string, Job[]>();

  async function drain(key: string, queue: Job[]): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, MOST_PER_BATCH);
      const answers: (() => void)[] = [];
      try {
        await db.transaction(async (tx) => {
          for (const job of batch) {
            try {
              const value = await tx.transaction((savepoint) => job.work(savepoint));
              answers.push(() => job.resolve(value));
            } catch (error) {
              answers.push(() => job.reject(error));
            }
          }
        });
        for (const answer of answers) answer();
      } catch (error) {
        for (const job of batch) job.reject(error);
      }
    }
    waiting.delete(key);
  }

  return function inTurn<T>(key: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Job = { work, resolve: resolve as (value: unknown) => void, reject };
      const queue = waiting.get(key);
      if (queue) {
        queue.push(job);
        return;
      }
      const fresh = [job];
      waiting.set(key, fresh);
      void drain(key, fresh);
    });
  };
}
