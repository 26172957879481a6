import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedOnce, type Database } from '../../db/database';
import { sessions, users } from '../../db/schema';
import { createTestDatabase } from '../../../test/test-database';
import { findSessionUser, findUserByLogin, insertSession, insertUser, type UserRow } from './accounts.repository';

let database: Database;
let user: UserRow;
beforeAll(async () => {
  database = await createTestDatabase();
  const name = `Repo${randomUUID().slice(0, 8)}`;
  user = (await insertUser(database.db, { username: name, email: `${name}@Example.com`, passwordHash: 'x' }))!;
});
afterAll(() => database.close());

const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('the statements every login and signed-in request runs, prepared once', () => {
  it('find a user by either name, whatever the case and spaces, and nobody for an unknown name', async () => {
    for (const login of [user.username, ` ${user.username.toUpperCase()} `, user.email.toLowerCase()]) {
      expect((await findUserByLogin(database.db, login))?.id).toBe(user.id);
    }
    expect(await findUserByLogin(database.db, 'nobody-by-this-name')).toBeUndefined();
  });

  it('open a session that finds its user until it expires or the user is blocked', async () => {
    const live = `live-${randomUUID()}`;
    const expired = `expired-${randomUUID()}`;
    await insertSession(database.db, live, user.id, inAnHour());
    await insertSession(database.db, expired, user.id, new Date(Date.now() - 1_000));
    const [stored] = await database.db.select().from(sessions).where(eq(sessions.tokenHash, live));
    expect(Math.abs((stored?.expiresAt.getTime() ?? 0) - inAnHour().getTime())).toBeLessThan(60_000);

    expect((await findSessionUser(database.db, live))?.username).toBe(user.username);
    expect(await findSessionUser(database.db, expired)).toBeUndefined();
    expect(await findSessionUser(database.db, `unknown-${randomUUID()}`)).toBeUndefined();

    await database.db.update(users).set({ blocked: true }).where(eq(users.id, user.id));
    expect(await findSessionUser(database.db, live)).toBeUndefined();
    await database.db.update(users).set({ blocked: false }).where(eq(users.id, user.id));
    expect((await findSessionUser(database.db, live))?.id).toBe(user.id);
  });

  it('run inside a transaction when given one: a rolled-back session is gone, a committed one stays', async () => {
    const rolledBack = `rolled-back-${randomUUID()}`;
    const committed = `committed-${randomUUID()}`;
    await expect(
      database.db.transaction(async (tx) => {
        await insertSession(tx, rolledBack, user.id, inAnHour());
        // The transaction sees its own session before it ends.
        expect((await findSessionUser(tx, rolledBack))?.id).toBe(user.id);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await database.db.transaction((tx) => insertSession(tx, committed, user.id, inAnHour()));

    expect(await findSessionUser(database.db, rolledBack)).toBeUndefined();
    expect((await findSessionUser(database.db, committed))?.id).toBe(user.id);
  });

  it('build a statement once per database, and anew for each transaction', async () => {
    let builds = 0;
    const statement = preparedOnce((db) => {
      builds += 1;
      return db.select({ id: users.id }).from(users).limit(1).prepare('accounts_test_prepared_once');
    });
    expect(statement(database.db)).toBe(statement(database.db));
    expect(builds).toBe(1);
    await database.db.transaction(async (tx) => {
      expect(statement(tx)).not.toBe(statement(database.db));
      expect(await statement(tx).execute()).toHaveLength(1);
    });
    expect(builds).toBe(3);
  });

  it('answer many at once, as a burst of logins asks them', async () => {
    const found = await Promise.all(
      Array.from({ length: 30 }, (_, i) => findUserByLogin(database.db, i % 2 ? user.username : user.email)),
    );
    expect(new Set(found.map((row) => row?.id))).toEqual(new Set([user.id]));
  });
});
