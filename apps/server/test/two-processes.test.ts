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

/** Two real server processes on one PostgreSQL database must behave as one exchanger. */
describe.runIf(TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const servers: { child: ChildProcess; url: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database.db);
    const secret = 'shared-secret-of-both-processes-0123456789';
    for (let i = 0; i < 2; i += 1) {
      const port = await getPort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH ?? '',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: database.url!,
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'obmen-proc-')),
          SECRET: secret,
          LOG_LEVEL: 'warn',
          ADMIN_EMAIL: 'ops@example.com',
          ADMIN_PASSWORD: 'Both-Processes-Admin-1!',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Operator login') && resolve());
        child.on('exit', (code) => reject(new Error(`server ${i} exited with ${code}`)));
      });
      servers.push({ child, url: `http://127.0.0.1:${port}` });
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(({ child }) => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')))),
    );
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
      body: JSON.stringify({ username: 'ops@example.com', password: 'Both-Processes-Admin-1!' }),
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
    const attempt = (i: number) =>
      fetch(`${servers[i % 2]!.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ops@example.com', password: 'Wrong-Password-1!' }),
      });
    for (let i = 0; i < 8; i += 1) expect((await attempt(i)).status).toBe(400);
    expect((await attempt(8)).status).toBe(429);
    expect((await attempt(9)).status).toBe(429);
  }, 30_000);
});
