import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_DB } from '../../test/test-database';
import { asPglite, PgliteThread } from './pglite-thread';

// What drizzle reads back must be what it reads from PGlite in its own thread: dates, intervals and
// their arrays stay text (drizzle maps them itself), numbers, booleans and JSON as PGlite gives.
const PROBE = sql`select
  timestamp '2026-11-22 10:00:00.123' as "at",
  timestamptz '2026-11-22 10:00:00+03' as "atZone",
  date '2026-11-22' as "day",
  interval '1 day 02:03:04' as "span",
  array[1.5, 2.25]::numeric[] as "amounts",
  array[timestamp '2026-11-22 10:00', timestamp '2026-11-23 11:00'] as "ats",
  array[timestamptz '2026-11-22 10:00+00'] as "atZones",
  array[date '2026-11-22'] as "days",
  array[interval '1 hour'] as "spans",
  12.34::numeric as "amount",
  123456789012345678901234.123456789012345678::numeric(42, 18) as "big",
  42::int as "count",
  9007199254740993::int8 as "wide",
  true as "flag",
  '{"a":1}'::jsonb as "doc",
  '\\x0102'::bytea as "bytes"`;

let bare: PGlite;
let thread: PgliteThread;
// Every PGlite here starts from the run's migrated dump: an empty one runs initdb, ~4 s of CPU each.
const migrated = () => inject('testDatabaseTemplates').empty;
const db = () => drizzle({ client: asPglite(thread) });

// PGlite only: the PostgreSQL run of the server suite has nothing to add here.
describe.skipIf(TEST_DB === 'postgres')('PGlite in its own thread', () => {
  beforeAll(async () => {
    const dump = readFileSync(migrated());
    bare = new PGlite({ loadDataDir: new Blob([dump]) });
    thread = new PgliteThread(null, dump);
    await Promise.all([bare.waitReady, thread.ready]);
    await db().execute(sql`create table things (id int primary key, name text not null)`);
  });
  afterAll(async () => {
    await Promise.all([bare.close(), thread.close()]);
  });

  it('reads every type back as drizzle does on PGlite in this thread, in and out of transactions', async () => {
    const expected = await drizzle({ client: bare }).execute(PROBE);
    expect(await db().execute(PROBE)).toEqual(expected);
    expect(await db().transaction((tx) => tx.execute(PROBE))).toEqual(expected);
    expect(expected.rows[0]).toMatchObject({
      at: '2026-11-22 10:00:00.123',
      day: '2026-11-22',
      ats: expect.any(String),
    });
  });

  it('commits a transaction that returns, rolls back one that throws, and nested ones to their savepoint', async () => {
    await db().transaction(async (tx) => {
      await tx.execute(sql`insert into things values (1, 'kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into things values (2, 'undone')`);
          throw new Error('inner');
        })
        .catch(() => {});
    });
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(sql`insert into things values (3, 'undone')`);
        throw new Error('outer');
      }),
    ).rejects.toThrow('outer');
    expect((await db().execute(sql`select id from things order by id`)).rows).toEqual([{ id: 1 }]);
  });

  it('keeps a failed statement’s SQLSTATE, constraint and detail, and goes on working', async () => {
    const failure = await db()
      .execute(sql`insert into things values (1, 'again')`)
      .catch((error: unknown) => error);
    expect((failure as Error & { cause: unknown }).cause).toMatchObject({
      code: '23505',
      constraint: 'things_pkey',
      detail: 'Key (id)=(1) already exists.',
    });
    expect((await db().execute(sql`select count(*)::int as n from things`)).rows).toEqual([{ n: 1 }]);
  });

  it('makes a query from outside wait for the open transaction, as one connection does', async () => {
    const seen: number[] = [];
    await db().transaction(async (tx) => {
      await tx.execute(sql`insert into things values (10, 'a')`);
      // Not awaited: it has to wait for the commit and then see both rows.
      void db()
        .execute(sql`select count(*)::int as n from things where id >= 10`)
        .then((result) => seen.push((result.rows[0] as { n: number }).n));
      await new Promise((resolve) => setTimeout(resolve, 30));
      await tx.execute(sql`insert into things values (11, 'b')`);
    });
    await db().execute(sql`select 1`);
    expect(seen).toEqual([2]);
  });

  it('delivers notifications to listeners until they stop listening', async () => {
    const payloads: string[] = [];
    const stop = await thread.listen('things', (payload) => payloads.push(payload));
    await thread.query(`select pg_notify('things', 'one')`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await stop();
    await thread.query(`select pg_notify('things', 'two')`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(payloads).toEqual(['one']);
  });

  it('refuses a type parser it cannot apply in the thread', async () => {
    await expect(thread.query('select 1', [], { parsers: { 1700: (value) => Number(value) } })).rejects.toThrow(
      'cannot apply the parser for type 1700',
    );
  });

  it('keeps the process alive while it starts and while a call waits, and not after', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'obmen-pglite-thread-'));
    const module = fileURLToPath(new URL('./pglite-thread.ts', import.meta.url));
    const run = async (name: string, body: string) => {
      const script = path.join(dir, `${name}.mts`);
      writeFileSync(
        script,
        `import { readFileSync } from 'node:fs';
         import { PgliteThread } from ${JSON.stringify(module)};
         const thread = new PgliteThread(null, readFileSync(${JSON.stringify(migrated())}));
         ${body}`,
      );
      // Two processes compiling TypeScript and starting a database each: slow on a busy machine.
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], { timeout: 90_000 });
      return stdout.trim();
    };
    try {
      const [started, answered] = await Promise.all([
        run('started', `await thread.ready; console.log('ready');`),
        run('answered', `console.log(JSON.stringify((await thread.query('select 6 * 7 as answer')).rows));`),
      ]);
      expect(started).toBe('ready');
      expect(answered).toBe('[{"answer":42}]');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
