import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/db/database';

/** Which database the server suite runs on: set per Vitest project (vitest.config.ts). */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database
 * made beside TEST_DATABASE_URL's and dropped again by `close`.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (TEST_DB === 'pglite') {
    const database = await openPglite(null);
    await database.migrate();
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `obmen_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 20);
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
