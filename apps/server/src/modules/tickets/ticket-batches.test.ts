import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import { queryRows, type Database } from '../../db/database';
import { createTicketBatches } from './ticket-batches';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table batch_probe (name text primary key, tx text not null)`);
});
afterAll(() => database.close());

const names = async () =>
  (await queryRows<{ name: string }>(database.db, sql`select name from batch_probe order by name`)).map(
    (row) => row.name,
  );

describe('ticket creations in batches', () => {
  it('answers every task of a burst with its own result, from far fewer transactions than tasks', async () => {
    const inBatch = createTicketBatches(database.db);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        inBatch('BTC', async (tx) => {
          const [row] = await queryRows<{ tx: string }>(
            tx,
            sql`insert into batch_probe values (${`burst-${String(i).padStart(2, '0')}`}, txid_current()::text) returning tx`,
          );
          return { i, tx: row!.tx };
        }),
      ),
    );
    expect(results.map((r) => r.i)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(new Set(results.map((r) => r.tx)).size).toBeLessThan(10);
    expect((await names()).filter((n) => n.startsWith('burst-'))).toHaveLength(60);
  });

  it('rolls a refused task back alone; the others of its batch commit', async () => {
    const inBatch = createTicketBatches(database.db);
    const task = (name: string, refuse = false) =>
      inBatch('ETH', async (tx) => {
        await tx.execute(sql`insert into batch_probe values (${name}, txid_current()::text)`);
        if (refuse) throw new Error(`no reserve for ${name}`);
        return name;
      });
    const outcomes = await Promise.allSettled([task('mix-a'), task('mix-b', true), task('mix-c'), task('mix-a')]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('no reserve for mix-b'));
    // The fourth broke the primary key: its savepoint rolled back, the batch went on.
    expect((await names()).filter((n) => n.startsWith('mix-'))).toEqual(['mix-a', 'mix-c']);
  });

  it('keeps keys apart: one key’s batch does not wait for another’s', async () => {
    const inBatch = createTicketBatches(database.db);
    let releaseSlow: () => void = () => {};
    const started = new Promise<void>((begun) => {
      void inBatch('SLOW', () => {
        begun();
        return new Promise<string>((resolve) => (releaseSlow = () => resolve('slow')));
      }).then((value) => expect(value).toBe('slow'));
    });
    await started;
    // PGlite has one connection: a second key's transaction can only start once the first ends.
    if (database.kind === 'postgres') {
      await expect(inBatch('FAST', async () => 'fast')).resolves.toBe('fast');
    }
    releaseSlow();
    await expect(inBatch('SLOW', async () => 'after')).resolves.toBe('after');
  });
});
