import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  numeric,
  PgDialect,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from './database';
import { insertRows, insertRowsQuietly, unnestInsert } from './insert-columns';

// Every kind of column the product inserts in bulk: defaults in SQL, in JavaScript and static, an
// identity the database numbers, decimals, documents, dates, flags.
let counter = 0;
const probe = pgTable('insert_probe', {
  id: uuid('id').primaryKey().defaultRandom(),
  number: bigint('number', { mode: 'number' }).generatedAlwaysAsIdentity({ startWith: 1001 }).notNull(),
  label: text('label').notNull(),
  note: text('note'),
  kind: text('kind', { enum: ['a', 'b'] }).notNull(),
  amount: numeric('amount', { precision: 38, scale: 18 }).notNull(),
  doc: jsonb('doc').$type<Record<string, unknown>>(),
  flag: boolean('flag').notNull(),
  tries: integer('tries').notNull().default(0),
  seq: integer('seq')
    .notNull()
    .$defaultFn(() => (counter += 1)),
  due: timestamp('due', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

const ROWS: (typeof probe.$inferInsert)[] = [
  {
    label: 'quotes " and \\ backslash, {braces}, commas',
    note: 'NULL',
    kind: 'a',
    amount: '0.000000127464256239',
    doc: { get: { walletAddress: 'bc1"q\\x' }, list: [1, 'two', null] },
    flag: true,
    due: new Date('2026-11-23T00:25:52.123Z'),
  },
  { label: 'Кириллица и эмодзи 💱', note: null, kind: 'b', amount: '95.99', doc: null, flag: false, tries: 3 },
  { label: '', kind: 'a', amount: '12345678901234567890.123456789012345678', flag: true, due: null },
];

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table insert_probe (
    id uuid primary key default gen_random_uuid(),
    number bigint generated always as identity (start with 1001) not null,
    label text not null, note text, kind text not null, amount numeric(38, 18) not null, doc jsonb,
    flag boolean not null, tries integer not null default 0, seq integer not null, due timestamptz,
    created_at timestamptz not null default now())`);
});
afterAll(() => database.close());

/** A row without what the database makes up anew each time. */
const comparable = ({ id, number, seq, createdAt, ...row }: typeof probe.$inferSelect) => {
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(number).toBeGreaterThanOrEqual(1001);
  expect(seq).toBeGreaterThan(0);
  expect(createdAt).toBeInstanceOf(Date);
  return row;
};

describe('rows inserted one array per column', () => {
  it('read back exactly as drizzle’s own insert reads them, defaults and all', async () => {
    // One parameter per column given, whatever the number of rows.
    const statement = new PgDialect().sqlToQuery(unnestInsert(probe, ROWS)!);
    expect(statement.params).toHaveLength(9);
    expect(statement.sql).toMatch(/^insert into "insert_probe" \("label", "note", .*\) select \* from unnest\(/);
    const ours = await insertRows(database.db, probe, ROWS);
    const drizzles = await database.db.insert(probe).values(ROWS).returning();
    expect(ours.map(comparable)).toEqual(drizzles.map(comparable));
    expect(ours.map((row) => row.tries)).toEqual([0, 3, 0]);
    expect(new Set(ours.map((row) => row.number)).size).toBe(3);
  });

  it('go through drizzle’s insert when a default only SQL can give is left out by some rows', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const mixed = [
      { label: 'given', kind: 'a' as const, amount: '1', flag: true, createdAt: at },
      { label: 'left out', kind: 'b' as const, amount: '2', flag: false },
    ];
    expect(unnestInsert(probe, mixed)).toBeNull();
    const rows = await insertRows(database.db, probe, mixed);
    expect(rows[0]!.createdAt).toEqual(at);
    expect(rows[1]!.createdAt.getTime()).toBeGreaterThan(at.getTime());
  });

  it('insert without reading back, and take no rows as nothing to do', async () => {
    const before = await database.db.$count(probe);
    await insertRowsQuietly(database.db, probe, ROWS);
    await insertRowsQuietly(database.db, probe, []);
    expect(await insertRows(database.db, probe, [])).toEqual([]);
    expect(await database.db.$count(probe)).toBe(before + ROWS.length);
  });
});
