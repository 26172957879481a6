import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { openPostgres, type Db } from '../src/db/database';
import * as schema from '../src/db/schema';
import { seedDemoData } from '../src/db/seed/seed';
import { databaseUrl, onServer } from './postgres-server';

/** What every test file copies its database from: PGlite data-dir dumps (paths), or PostgreSQL template databases (names). */
export interface TestDatabaseTemplates {
  /** Migrated, nothing else. */
  empty: string;
  /** Migrated and seeded with the demo exchange. */
  seeded: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplates: TestDatabaseTemplates;
  }
}

const migrationsFolder = path.resolve(import.meta.dirname, '../drizzle');

/**
 * Once per run and project: migrates and seeds one database, which each test file copies
 * (test-database.ts) instead of running every migration and the seed itself (~3 s a file).
 * Built from the migrations each run, never kept between runs, so a new migration is always in.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const built = project.config.env.TEST_DB === 'postgres' ? await postgresTemplates() : await pgliteTemplates();
  project.provide('testDatabaseTemplates', built.templates);
  return built.remove;
}

interface Built {
  templates: TestDatabaseTemplates;
  remove(): Promise<void>;
}

async function pgliteTemplates(): Promise<Built> {
  const dir = mkdtempSync(path.join(tmpdir(), 'obmen-test-db-'));
  const dump = async (database: PGlite, name: string) => {
    const file = path.join(dir, `${name}.tar.gz`);
    writeFileSync(file, new Uint8Array(await (await database.dumpDataDir('gzip')).arrayBuffer()));
    return file;
  };
  const database = new PGlite();
  try {
    const db = drizzle({ client: database, schema, casing: 'snake_case' });
    await migrate(db, { migrationsFolder });
    const empty = await dump(database, 'empty');
    await seedDemoData(db as unknown as Db);
    const seeded = await dump(database, 'seeded');
    return { templates: { empty, seeded }, remove: async () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await database.close();
  }
}

async function postgresTemplates(): Promise<Built> {
  const empty = `obmen_template_${randomBytes(6).toString('hex')}`;
  const seeded = `${empty}_seeded`;
  const remove = async () => {
    for (const name of [seeded, empty]) await onServer(`drop database if exists ${name} with (force)`);
  };
  try {
    await onServer(`create database ${empty}`);
    const migrated = await openPostgres(databaseUrl(empty), 1);
    await migrated.migrate();
    await migrated.close();
    await onServer(`create database ${seeded} template ${empty}`);
    const demo = await openPostgres(databaseUrl(seeded), 1);
    await seedDemoData(demo.db);
    await demo.close();
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates: { empty, seeded }, remove };
}
