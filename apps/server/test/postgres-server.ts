import pg from 'pg';

/** TEST_DATABASE_URL: a PostgreSQL server whose user may create databases. */
export function testServerUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return url;
}

/** The URL of another database on the TEST_DATABASE_URL server. */
export function databaseUrl(name: string): string {
  const url = new URL(testServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement (create or drop a database) on its own connection to the server. */
export async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: testServerUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
