// CI's fresh PostgreSQL database: `create` prints its URL (nothing when no server answers), `drop NAME` removes it.
import pg from 'pg';

const server = process.env.CI_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [action, name] = process.argv.slice(2);

const client = new pg.Client({ connectionString: server, connectionTimeoutMillis: 3_000 });
try {
  await client.connect();
} catch {
  process.exit(0);
}
if (action === 'create') {
  const database = `obmen_ci_${Date.now()}_${process.pid}`;
  await client.query(`create database ${database}`);
  const url = new URL(server);
  url.pathname = `/${database}`;
  console.log(url.toString());
} else if (action === 'drop' && /^obmen_ci_\w+$/.test(name ?? '')) {
  await client.query(`drop database if exists ${name} with (force)`);
}
await client.end();
