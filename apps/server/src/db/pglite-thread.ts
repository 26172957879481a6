import { Worker } from 'node:worker_threads';
import type { PGlite, Results } from '@electric-sql/pglite';

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<string, (value: string) => unknown> };
type QueryOn = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

/** What a transaction lends its callback: drizzle's PGlite session only queries through it. */
export interface ThreadTransaction {
  query: QueryOn;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

const PARSER_PROBE = '2026-11-22 10:00:00.123+03';

/**
 * PGlite in a worker thread (`pglite-worker.js`), with the part of PGlite's client drizzle uses:
 * `query` and `transaction`, plus `listen` and `close`. On one thread every statement ran
 * Postgres's WebAssembly and PGlite's parsing of the answer on the event loop, ~0.75 ms each, in
 * the way of every request meanwhile (issue 11: quotes' p99 beside logins); here the event loop
 * only posts the statement and takes the answer's copy. PGlite's own mutex still orders the
 * statements and transactions, as it did.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  /** Types whose parser drizzle sends: checked to keep text as it is, then set in the thread once. */
  readonly #identityTypes = new Set<string>();
  #nextId = 1;
  #failure: Error | null = null;
  readonly ready: Promise<void>;

  /** `loadDataDir`: a data directory's tarball (PGlite's `dumpDataDir`) to start from instead of an empty one. */
  constructor(dataDir: string | null, loadDataDir?: Uint8Array) {
    this.#worker = new Worker(new URL('./pglite-worker.js', import.meta.url), {
      workerData: { dataDir, loadDataDir },
    });
    this.ready = new Promise((resolve, reject) => {
      this.#worker.once('message', (message: { ready: boolean; error?: Record<string, unknown> }) => {
        if (message.ready) resolve();
        else reject(errorFrom(message.error ?? {}));
        this.#worker.on('message', (answer: Answer) => this.#settle(answer));
      });
      this.#worker.on('error', (error) => {
        reject(error);
        this.#fail(error);
      });
      this.#worker.on('exit', (code) => {
        const error = new Error(`The PGlite thread stopped (exit code ${code})`);
        reject(error);
        this.#fail(error);
      });
    });
    // The thread keeps the process alive while it starts, then only while a call waits (see #call).
    this.ready.then(
      () => this.#pending.size === 0 && this.#worker.unref(),
      () => this.#worker.unref(),
    );
  }

  query: QueryOn = (text, params, options) => this.#query(undefined, text, params, options);

  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = this.#nextId++;
    await this.#call({ op: 'begin' }, tx);
    let result: T;
    try {
      result = await callback({ query: (text, params, options) => this.#query(tx, text, params, options) });
    } catch (error) {
      await this.#call({ op: 'end', tx, commit: false });
      throw error;
    }
    await this.#call({ op: 'end', tx, commit: true });
    return result;
  }

  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    const subscription = this.#nextId++;
    this.#listeners.set(subscription, onMessage);
    await this.#call({ op: 'listen', channel }, subscription);
    return async () => {
      this.#listeners.delete(subscription);
      await this.#call({ op: 'unlisten', subscription });
    };
  }

  async close(): Promise<void> {
    if (this.#failure) return;
    await this.#call({ op: 'close' });
    await this.#worker.terminate();
  }

  async #query(tx: number | undefined, text: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    const { parsers, ...rest } = options ?? {};
    const identityTypes: string[] = [];
    for (const [type, parse] of Object.entries(parsers ?? {})) {
      if (this.#identityTypes.has(type)) continue;
      // Functions cannot cross to the thread; drizzle's keep dates and intervals as text, and the
      // thread does the same. Any other parser would be read wrong, so it is refused outright.
      if (parse(PARSER_PROBE) !== PARSER_PROBE)
        throw new Error(`The PGlite thread cannot apply the parser for type ${type}`);
      this.#identityTypes.add(type);
      identityTypes.push(type);
    }
    return (await this.#call({ op: 'query', tx, text, params, options: rest, identityTypes })) as Results;
  }

  /** Posts an operation; `id` names it (and the transaction or subscription it opens). */
  #call(message: Record<string, unknown>, id = this.#nextId++): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...message, id });
    });
  }

  #settle(answer: Answer): void {
    if ('notification' in answer) {
      this.#listeners.get(answer.notification)?.(answer.payload);
      return;
    }
    const pending = this.#pending.get(answer.id);
    if (!pending) return;
    this.#pending.delete(answer.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (answer.error) pending.reject(errorFrom(answer.error));
    else pending.resolve(answer.result);
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
    this.#worker.unref();
  }
}

type Answer =
  { notification: number; payload: string } | { id: number; result?: unknown; error?: Record<string, unknown> };

/** The thread's error again, with its fields (code, constraint, detail…) and both stacks. */
function errorFrom(fields: Record<string, unknown>): Error {
  const { name, message, stack, ...rest } = fields;
  const error = Object.assign(new Error(String(message ?? 'PGlite error')), rest);
  if (typeof name === 'string') error.name = name;
  if (typeof stack === 'string')
    error.stack = `${stack}\n    --- in the PGlite thread; called from ---\n${error.stack ?? ''}`;
  return error;
}

/** The thread client where drizzle's PGlite driver expects a PGlite. */
export const asPglite = (thread: PgliteThread): PGlite => thread as unknown as PGlite;
