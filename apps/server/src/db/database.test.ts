import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withParsersInstalled } from './database';

// What drizzle reads back must not change when its parsers move into PGlite's table: dates,
// intervals and their arrays stay text (drizzle maps them itself), numbers stay as PGlite gives.
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
  42::int as "count",
  true as "flag",
  '{"a":1}'::jsonb as "doc"`;

let plain: PGlite;
let lean: PGlite;
beforeAll(async () => {
  plain = new PGlite();
  lean = new PGlite();
  await Promise.all([plain.waitReady, lean.waitReady]);
});
afterAll(async () => {
  await Promise.all([plain.close(), lean.close()]);
});

describe('the PGlite client drizzle is given', () => {
  it('reads every type back as drizzle does on the bare client, in and out of transactions', async () => {
    const expected = await drizzle({ client: plain }).execute(PROBE);
    const db = drizzle({ client: withParsersInstalled(lean) });
    expect(await db.execute(PROBE)).toEqual(expected);
    expect(await db.transaction((tx) => tx.execute(PROBE))).toEqual(expected);
    expect(expected.rows[0]).toMatchObject({
      at: '2026-11-22 10:00:00.123',
      day: '2026-11-22',
      ats: expect.any(String),
    });
  });

  it('sends PGlite no per-query parsers once they are in its table', async () => {
    const seen: unknown[] = [];
    const client = new PGlite();
    await client.waitReady;
    const query = client.query.bind(client);
    client.query = ((text: string, params?: unknown[], options?: Record<string, unknown>) => {
      seen.push(options);
      return query(text, params, options);
    }) as typeof client.query;
    const db = drizzle({ client: withParsersInstalled(client) });
    await db.execute(sql`select now() as "now"`);
    await db.execute(sql`select now() as "now"`);
    expect(seen).toHaveLength(2);
    for (const options of seen) expect(options).not.toHaveProperty('parsers');
    expect(typeof (await db.execute(sql`select now() as "now"`)).rows[0]!.now).toBe('string');
    await client.close();
  });
});
