import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import { queryRows, type Database, type Db, type Tx } from '../../db/database';
import { createBatchCommit, eachInSavepoint } from './group-commit';

/** The mechanism with arbitrary tasks, each in a savepoint of its own (tickets run their own batches). */
function createGroupCommit(db: Db) {
  const inTurn = createBatchCommit<(tx: Tx) => Promise<unknown>, unknown>(db, eachInSavepoint);
  return <T>(key: string, work: (tx: Tx) => Promise<T>) => inTurn(key, work) as Promise<T>;
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table group_commit_probe (name text primary key, tx text not null)`);
});
afterAll(() => database.close());

const names = async () =>
  (await queryRows<{ name: string }>(database.db, sql`select name from group_commit_probe order by name`)).map(
    (row) => row.name,
  );

describe('group commit', () => {
  it('answers every task of a burst with its own result, from far fewer transactions than tasks', async () => {
    const inTurn = createGroupCommit(database.db);
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        inTurn('BTC', async (tx) => {
          const [row] = await queryRows<{ tx: string }>(
            tx,
            sql`insert into group_commit_probe values (${`burst-${String(i).padStart(2, '0')}`}, txid_current()::text) returning tx`,
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
    const inTurn = createGroupCommit(database.db);
    const task = (name: string, refuse = false) =>
      inTurn('ETH', async (tx) => {
        await tx.execute(sql`insert into group_commit_probe values (${name}, txid_current()::text)`);
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
    const inTurn = createGroupCommit(database.db);
    let releaseSlow: () => void = () => {};
    const started = new Promise<void>((begun) => {
      void inTurn('SLOW', () => {
        begun();
        return new Promise<string>((resolve) => (releaseSlow = () => resolve('slow')));
      }).then((value) => expect(value).toBe('slow'));
    });
    await started;
    // PGlite has one connection: a second key's transaction can only start once the first ends.
    if (database.kind === 'postgres') {
      await expect(inTurn('FAST', async () => 'fast')).resolves.toBe('fast');
    }
    releaseSlow();
    await expect(inTurn('SLOW', async () => 'after')).resolves.toBe('after');
  });
});
