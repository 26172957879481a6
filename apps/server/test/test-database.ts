import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../src/db/database';
import { databaseUrl, onServer } from './postgres-server';

/** Which database the server suite runs on: set per Vitest project (vitest.config.ts). */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, migrated database for one test file, copied from the one the run built
 * (global-setup.ts): in-memory PGlite loaded from its dump, or a new PostgreSQL database made
 * from the template beside TEST_DATABASE_URL's and dropped again by `close`. `seed`: with the
 * demo exchange, as `seedDemoData` leaves it.
 */
export async function createTestDatabase({ seed = false } = {}): Promise<Database & { url?: string }> {
  const templates = inject('testDatabaseTemplates');
  const template = seed ? templates.seeded : templates.empty;
  if (TEST_DB === 'pglite') return openPglite(null, readFileSync(template));
  const name = `obmen_test_${randomBytes(6).toString('hex')}`;
  await onServer(`create database ${name} template ${template}`);
  const url = databaseUrl(name);
  const database = await openPostgres(url, 20);
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await onServer(`drop database if exists ${name} with (force)`);
    },
  };
}
