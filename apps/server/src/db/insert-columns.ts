import { getTableColumns, getTableName, is, sql, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from './database';

/**
 * Many rows in one INSERT that sends one array per column (`select … from unnest($1::t1[], …)`)
 * instead of one parameter per value. drizzle builds `values (…), (…)` chunk by chunk, checking
 * each value's kind several times: under the ticket bench a batch of tickets (30-odd columns) spent
 * a fifth of the event loop there (issue 11, --cpu-prof: drizzle's `is` alone 12.6 %). Here the
 * statement has a parameter per column, and Postgres parses a short one.
 *
 * A column no row gives is left out, so the database puts its default in, as drizzle's `default`
 * does; one drizzle fills in JavaScript (`$defaultFn`) is filled here the same way. Where a value
 * cannot be said per row (some rows give a column whose default is SQL, or that only the database
 * knows), the rows go through drizzle's own `values` instead.
 */
export async function insertRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<T['$inferSelect'][]> {
  if (rows.length === 0) return [];
  const statement = unnestInsert(table, rows as Record<string, unknown>[]);
  if (!statement) return (await db.insert(table).values(rows).returning()) as T['$inferSelect'][];
  const raw = await queryRows<Record<string, unknown>>(db, sql`${statement} returning *`);
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  // Read back as drizzle reads a row: each column's own decoder, null as null.
  return raw.map(
    (row) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = row[column.name];
          return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
        }),
      ) as T['$inferSelect'],
  );
}

/** The same, for rows nobody reads back (no `returning`). */
export async function insertRowsQuietly<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return;
  const statement = unnestInsert(table, rows as Record<string, unknown>[]);
  await (statement ? db.execute(statement) : db.insert(table).values(rows));
}

const UNSAYABLE = Symbol('only the database knows');

/** The default drizzle computes in JavaScript for a value left out (`$defaultFn`, else `$onUpdate`), if any. */
const jsDefaultOf = (column: PgColumn) =>
  column.defaultFn ?? (column.default === undefined ? column.onUpdateFn : undefined);

/** What drizzle writes for a value a row leaves out: its JavaScript default, the schema's, or null. */
function fillIn(column: PgColumn): unknown {
  const jsDefault = jsDefaultOf(column);
  if (jsDefault) return jsDefault();
  if (column.default !== undefined) return column.default;
  return column.hasDefault ? UNSAYABLE : null;
}

/** The INSERT … SELECT FROM unnest(…) for the rows, or null where drizzle's own insert must do. */
export function unnestInsert(table: PgTable, rows: Record<string, unknown>[]): SQL | null {
  const names: SQL[] = [];
  const arrays: SQL[] = [];
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, PgColumn][]) {
    const given = rows.map((row) => row[key]);
    if (given.every((value) => value === undefined) && !jsDefaultOf(column)) continue;
    const values: unknown[] = [];
    for (const value of given) {
      const filled = value === undefined ? fillIn(column) : value;
      if (filled === UNSAYABLE || is(filled, SQL)) return null;
      values.push(filled === null ? null : column.mapToDriverValue(filled));
    }
    names.push(sql`${sql.identifier(column.name)}`);
    // One parameter holding the array (an array in drizzle's sql`` would become a list of them).
    arrays.push(sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`);
  }
  if (names.length === 0) return null;
  return sql`insert into ${sql.identifier(getTableName(table))} (${sql.join(names, sql`, `)}) select * from unnest(${sql.join(arrays, sql`, `)})`;
}
