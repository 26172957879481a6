import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/database';
import { seedDemoData } from '../src/db/seed/seed';
import { createTestDatabase, TEST_DB } from './test-database';
import { usdtToBtc } from './tickets';

const serverDir = path.resolve(import.meta.dirname, '..');

type Server = { child: ChildProcess; url: string };
const ADMIN = { username: 'ops@example.com', password: 'Both-Processes-Admin-1!' };

/** Starts `count` real server processes on one database, sharing one SECRET, as a deployment would. */
async function startServers(databaseUrl: string, count: number, env: Record<string, string> = {}): Promise<Server[]> {
  const servers: Server[] = [];
  for (let i = 0; i < count; i += 1) {
    const port = await getPort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'obmen-proc-')),
        SECRET: 'shared-secret-of-both-processes-0123456789',
        LOG_LEVEL: 'warn',
        ADMIN_EMAIL: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Operator login') && resolve());
      child.on('exit', (code) => reject(new Error(`server ${i} exited with ${code}`)));
    });
    servers.push({ child, url: `http://127.0.0.1:${port}` });
  }
  return servers;
}

function stopServers(servers: Server[]) {
  return Promise.all(
    servers.map(({ child }) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')))),
  );
}

/** Failed logins alternate between the processes; the ninth is refused wherever it lands. */
async function expectSharedLoginLimit(servers: Server[]) {
  const attempt = (i: number) =>
    fetch(`${servers[i % servers.length]!.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.username, password: 'Wrong-Password-1!' }),
    });
  for (let i = 0; i < 8; i += 1) expect((await attempt(i)).status).toBe(400);
  expect((await attempt(8)).status).toBe(429);
  expect((await attempt(9)).status).toBe(429);
}

/** Two real server processes on one PostgreSQL database must behave as one exchanger. */
describe.runIf(TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let servers: Server[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db);
    // Both processes look for unpaid tickets every second: plenty of chances to collide.
    servers = await startServers(database.url!, 2, { TICKET_EXPIRY_CHECK_SECONDS: '1' });
  }, 60_000);

  afterAll(async () => {
    await stopServers(servers);
    await database.close();
  });

  it('never oversells a reserve across both processes', async () => {
    const fits = 23;
    await database.db.execute(
      sql`update reserves set balance = held + ${(0.01 * fits).toFixed(2)} where currency_code = 'BTC'`,
    );
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${servers[i % 2]!.url}/api/v1/Tickets/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(usdtToBtc('0.01', { email: `p${i}@example.com` })),
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(fits);
    const [row] = await queryRows<{ balance: string; held: string }>(
      database.db,
      sql`select balance, held from reserves where currency_code = 'BTC'`,
    );
    expect(row!.held).toBe(row!.balance);
  }, 60_000);

  it('sends one idempotent ticket whichever process each retry reaches', async () => {
    await database.db.execute(sql`update reserves set balance = held + 1 where currency_code = 'BTC'`);
    const key = `two-processes-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${servers[i % 2]!.url}/api/v1/Tickets/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(usdtToBtc('0.01')),
        }).then((r) => r.json() as Promise<{ id: string }>),
      ),
    );
    expect(results.filter((r) => !r.id)).toEqual([]);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
  }, 60_000);

  it('follows an operator’s price change made on the other process', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const login = await fetch(`${a.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { user: { access_token: string } }).user.access_token;
    const quote = async () => {
      const res = await fetch(`${b.url}/api/v1/Exchange/course?giveName=BTC&getName=USDTTRC20`);
      return ((await res.json()) as { rate: string }).rate;
    };
    const before = Number(await quote());
    const put = await fetch(`${a.url}/api/admin/prices/BTC`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ usdPrice: '189700.24' }),
    });
    expect(put.status).toBe(200);
    await expect.poll(async () => Number(await quote()), { timeout: 5000 }).toBeCloseTo(before * 2, 0);
  }, 30_000);

  it('shares failed-login limits between the processes', async () => {
    await expectSharedLoginLimit(servers);
  }, 30_000);

  it('runs each scheduled job once per interval, and expires every unpaid ticket exactly once', async () => {
    await database.db.execute(sql`update reserves set balance = held + 1 where currency_code = 'BTC'`);
    const heldBtc = async () =>
      (await queryRows<{ held: string }>(database.db, sql`select held from reserves where currency_code = 'BTC'`))[0]!
        .held;
    const heldBefore = await heldBtc();
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${servers[i % 2]!.url}/api/v1/Tickets/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(usdtToBtc('0.01', { email: `expiry${i}@example.com` })),
        }).then((r) => r.json() as Promise<{ id: string }>),
      ),
    );
    const ids = created.map((t) => t.id);
    expect(ids.every(Boolean)).toBe(true);
    expect(await heldBtc()).not.toBe(heldBefore);
    await database.db.execute(
      sql`update tickets set payment_deadline = now() - interval '1 second' where id in ${ids}`,
    );
    await expect
      .poll(
        async () =>
          (
            await queryRows<{ n: number }>(
              database.db,
              sql`select count(*)::int as n from tickets where id in ${ids} and status = 'deleted'`,
            )
          )[0]!.n,
        { timeout: 10_000, interval: 200 },
      )
      .toBe(10);
    expect(await heldBtc()).toBe(heldBefore);
    const expiries = await queryRows<{ ticket_id: string; n: number }>(
      database.db,
      sql`select ticket_id, count(*)::int as n from ticket_history
          where ticket_id in ${ids} and to_status = 'deleted' group by ticket_id`,
    );
    expect(expiries.map((row) => row.n)).toEqual(Array(10).fill(1));

    const runs = async () =>
      Number(
        (
          await queryRows<{ runs: string }>(database.db, sql`select runs from job_runs where name = 'expire_tickets'`)
        )[0]!.runs,
      );
    const before = await runs();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    // Two uncoordinated timers would run it about eight times in four seconds.
    expect((await runs()) - before).toBeLessThanOrEqual(5);
    expect((await runs()) - before).toBeGreaterThanOrEqual(3);
  }, 40_000);
});

describe.runIf(TEST_DB === 'postgres' && process.env.TEST_REDIS_URL)('two server processes with REDIS_URL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let servers: Server[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db);
    servers = await startServers(database.url!, 2, { REDIS_URL: process.env.TEST_REDIS_URL! });
  }, 60_000);

  afterAll(async () => {
    await stopServers(servers);
    await database.close();
  });

  it('share failed-login limits through Redis, leaving the PostgreSQL counters alone', async () => {
    await expectSharedLoginLimit(servers);
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from rate_limits`);
    expect(row!.n).toBe(0);
  }, 30_000);
});
