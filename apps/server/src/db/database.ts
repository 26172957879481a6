import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { is, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { redactUrl } from '../config';
import { asPglite, PgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What repositories take: the database, or a transaction already under way. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed migrations, holding a lock so several processes starting at once take turns. */
  migrate(): Promise<void>;
  /** Runs `work` only if no other process holds the lock of that name now; `ran` says whether it did. */
  tryLock(name: string, work: () => Promise<void>): Promise<{ ran: boolean }>;
  /** Runs `work` while holding the installation-wide lock of that name (a PostgreSQL advisory lock). */
  withLock<T>(name: string, work: (db: Db) => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** Tells every process on this database (PostgreSQL NOTIFY) that `channel` changed. */
  notify(channel: string, payload?: string): Promise<void>;
  /** Calls `onMessage` whenever any process notifies `channel`; resolves to a function that stops listening. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A statement built once per database and reused: drizzle's prepared query, so a call only fills
 * in its values (building one took 20–90 µs of the event loop's time per call), and on PostgreSQL
 * a named statement, parsed and planned once per connection. For the statements every login or
 * signed-in request runs. Inside a transaction it is built for that transaction, so it runs there.
 */
export function preparedOnce<Statement>(build: (db: DbOrTx) => Statement): (db: DbOrTx) => Statement {
  const built = new WeakMap<Db, Statement>();
  return (db) => {
    if (is(db, PgTransaction)) return build(db);
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}

/** The database could not be opened: the server prints this one line and stops. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

// Migrations sit in apps/server/drizzle; walk up from this file so the source and the bundle both find them.
function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('The migrations folder (apps/server/drizzle) was not found');
}

/** A stable 32-bit key for pg_advisory_lock from a lock name. */
function lockKey(name: string): number {
  let hash = 0;
  for (const char of `obmen:${name}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Two processes writing one PGlite directory would corrupt it, so the first one to open it owns it.
function claimDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'pglite.pid');
  if (existsSync(lockFile)) {
    const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
      throw new DatabaseUnavailableError(
        `DATA_DIR ${dataDir} is in use by another Obmen process (pid ${owner}); stop it, or point DATA_DIR elsewhere, or use DATABASE_URL for several processes`,
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

/** `loadDataDir`: start from this dump of a data directory (tests copy one migrated database per file). */
export async function openPglite(dataDir: string | null, loadDataDir?: Uint8Array): Promise<Database> {
  const release = dataDir ? claimDataDir(dataDir) : () => {};
  const client = new PgliteThread(dataDir ? path.join(dataDir, 'pglite') : null, loadDataDir);
  try {
    await client.ready;
  } catch (error) {
    release();
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailableError(`Cannot open the PGlite database in ${dataDir ?? 'memory'}: ${reason}`);
  }
  const db = drizzlePglite({ client: asPglite(client), schema, casing: 'snake_case' }) as unknown as Db;
  // PGlite is one connection, in a thread of this process; its own mutex already serialises every query.
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: migrationsFolder() });
    },
    withLock: (_name, work) => work(db),
    tryLock: async (_name, work) => {
      await work();
      return { ran: true };
    },
    ping: async () => {
      await client.query('select 1');
    },
    notify: async (channel, payload = '') => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    close: async () => {
      await client.close();
      release();
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = error instanceof Error ? error.message || error.name : String(error);
    throw new DatabaseUnavailableError(`Cannot connect to DATABASE_URL ${redactUrl(url)}: ${reason}`);
  }
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  const withLock: Database['withLock'] = async (name, work) => {
    const connection = await pool.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [lockKey(name)]);
      try {
        return await work(drizzlePg({ client: connection, schema, casing: 'snake_case' }) as unknown as Db);
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [lockKey(name)]);
      }
    } finally {
      connection.release();
    }
  };
  // One connection of its own listens for every channel: a pooled one could be handed to a query.
  let listener: pg.Client | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    await client.connect();
    listener = client;
    return client;
  }
  const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

  const tryLock: Database['tryLock'] = async (name, work) => {
    const connection = await pool.connect();
    try {
      const { rows } = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        lockKey(name),
      ]);
      if (!rows[0]?.locked) return { ran: false };
      try {
        await work();
        return { ran: true };
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [lockKey(name)]);
      }
    } finally {
      connection.release();
    }
  };

  return {
    db,
    kind: 'postgres',
    tryLock,
    migrate: () =>
      withLock('migrate', (locked) => migratePg(locked as never, { migrationsFolder: migrationsFolder() })),
    withLock,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    notify: async (channel, payload = '') => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: async (channel, onMessage) => {
      const client = await listenerClient();
      if (!handlers.has(channel)) {
        handlers.set(channel, new Set());
        await client.query(`listen ${quoteIdent(channel)}`);
      }
      handlers.get(channel)!.add(onMessage);
      return async () => {
        handlers.get(channel)?.delete(onMessage);
      };
    },
    close: async () => {
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

export function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
