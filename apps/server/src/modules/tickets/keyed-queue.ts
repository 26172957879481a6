/**
 * Runs tasks one after another per key, in memory. Ticket creations that hold the same reserve
 * take turns on its row lock in the database anyway; queueing them here first keeps a burst from
 * parking every pooled connection on that lock (and the other requests from timing out waiting for one).
 */
export function createKeyedQueue() {
  const tails = new Map<string, Promise<unknown>>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    try {
      return await result;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
