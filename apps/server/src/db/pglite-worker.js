// PGlite in a thread of its own (see pglite-thread.ts): Postgres's WebAssembly and PGlite's parsing
// of every answer run here, not on the server's event loop. Plain JavaScript so the same file runs
// from the sources (tests, `npm run dev`) and from dist/ (tsup builds it there).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @typedef {import('@electric-sql/pglite').Transaction} Transaction */

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/** @type {{ dataDir: string | null; loadDataDir?: Uint8Array }} */
const { dataDir, loadDataDir } = workerData;

/** Open transactions by id: the one PGlite lends while its callback waits for `end`. */
/** @type {Map<number, { tx: Transaction; finish: (commit: boolean) => void; done: Promise<unknown> }>} */
const transactions = new Map();
/** @type {Map<number, () => Promise<void>>} */
const subscriptions = new Map();
const identity = (/** @type {string} */ value) => value;

/** An error as plain fields: the SQLSTATE, constraint, detail… survive the copy between threads. */
function plainError(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  /** @type {Record<string, unknown>} */
  const fields = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

/**
 * Starts a transaction and answers once PGlite has lent it; it commits or rolls back when `end`
 * comes. Other queries wait meanwhile, as they do on PGlite in one thread.
 */
function begin(/** @type {PGlite} */ db, /** @type {number} */ id) {
  return new Promise((started, failed) => {
    /** @type {(commit: boolean) => void} */
    let finish = () => {};
    const done = db
      .transaction(
        (tx) =>
          new Promise((commit, rollBack) => {
            finish = (yes) => (yes ? commit(undefined) : rollBack(new Error('rolled back')));
            transactions.set(id, { tx, finish, done });
            started(undefined);
          }),
      )
      .catch((error) => {
        if (!transactions.has(id)) failed(error);
        throw error;
      });
    done.catch(() => {});
  });
}

async function end(/** @type {number} */ id, /** @type {boolean} */ commit) {
  const open = transactions.get(id);
  if (!open) throw new Error(`No open transaction ${id}`);
  transactions.delete(id);
  open.finish(commit);
  if (commit) await open.done;
  else await open.done.catch(() => {});
}

/** @param {PGlite} db @param {any} message */
async function answer(db, message) {
  switch (message.op) {
    case 'query': {
      for (const type of message.identityTypes ?? []) db.parsers[type] = identity;
      const on = message.tx === undefined ? db : transactions.get(message.tx)?.tx;
      if (!on) throw new Error(`No open transaction ${message.tx}`);
      return on.query(message.text, message.params, message.options);
    }
    case 'begin':
      return begin(db, message.id);
    case 'end':
      return end(message.tx, message.commit);
    case 'listen': {
      const unsubscribe = await db.listen(message.channel, (payload) =>
        port.postMessage({ notification: message.id, payload }),
      );
      subscriptions.set(message.id, unsubscribe);
      return null;
    }
    case 'unlisten':
      await subscriptions.get(message.subscription)?.();
      subscriptions.delete(message.subscription);
      return null;
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`Unknown operation ${message.op}`);
  }
}

try {
  const db = new PGlite({ dataDir: dataDir ?? undefined, loadDataDir: loadDataDir && new Blob([loadDataDir]) });
  await db.waitReady;
  port.on('message', (message) => {
    answer(db, message).then(
      (result) => port.postMessage({ id: message.id, result }),
      (error) => port.postMessage({ id: message.id, error: plainError(error) }),
    );
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: plainError(error) });
}
