import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { queryRows } from '../src/db/database';
import { tickets } from '../src/db/schema';
import { createTestDatabase, TEST_DB } from './test-database';
import { usdtToBtc } from './tickets';
import { ADMIN, adminToken, startServers, stopServers, type Server } from './server-processes';

/** Failed logins from one address alternate between the processes; the sixth is refused wherever it lands. */
async function expectSharedLoginLimit(servers: Server[]) {
  const attempt = (i: number) =>
    fetch(`${servers[i % servers.length]!.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.username, password: 'Wrong-Password-1!' }),
    });
  for (let i = 0; i < 5; i += 1) expect((await attempt(i)).status).toBe(400);
  expect((await attempt(5)).status).toBe(429);
  expect((await attempt(6)).status).toBe(429);
}

/** Two real server processes on one PostgreSQL database must behave as one exchanger. */
describe.runIf(TEST_DB === 'postgres')('two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let servers: Server[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    // Every request comes from this one address, and a reserve is filled to the last unit: the
    // client limits (tickets.limits.test.ts has their own tests) step aside.
    await database.db.execute(
      sql`update ticket_limits set open_per_email = 10000, open_per_user = 10000, open_per_address = 10000, reserve_share_percent = 100, unpaid_hold_percent = 100`,
    );
    // Both processes look for unpaid tickets every second: plenty of chances to collide.
    servers = await startServers(database.url!, 2, { TICKET_EXPIRY_CHECK_SECONDS: '1' });
  }, 60_000);

  afterAll(async () => {
    await stopServers(servers);
    await database.close();
  });

  /** What a client sends after its quote: the give amount for 0.01 BTC as the first process quotes it. */
  async function quotedPayload(email: string) {
    const res = await fetch(`${servers[0]!.url}/api/v1/Exchange/calculate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ giveName: 'USDTTRC20', getName: 'BTC', sum: '0.01', direction: 'buy' }),
    });
    const { giveSum } = (await res.json()) as { giveSum: string };
    return usdtToBtc('0.01', { giveSum, email });
  }

  const btc = async () =>
    (
      await queryRows<{ balance: string; held: string }>(
        database.db,
        sql`select balance, held from reserves where currency_code = 'BTC'`,
      )
    )[0]!;

  const send = (server: number, path: string, init: RequestInit = {}) =>
    fetch(`${servers[server % 2]!.url}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...init.headers },
    });

  let accepted: string[] = [];

  it('never oversells a reserve across both processes', async () => {
    const fits = 23;
    await database.db.execute(
      sql`update reserves set balance = held + ${new Decimal('0.01').times(fits).toFixed(8)} where currency_code = 'BTC'`,
    );
    const before = await btc();
    const payload = await quotedPayload('rush@example.com');
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        send(i, '/api/v1/Tickets/create', {
          method: 'POST',
          body: JSON.stringify({ ...payload, email: `p${i}@example.com` }),
        }),
      ),
    );
    const bodies = await Promise.all(
      results.map((r) => r.json() as Promise<{ id?: string; parameterErrors?: unknown; error?: { code: string } }>),
    );
    accepted = bodies.flatMap((b) => (b.id ? [b.id] : []));
    // Said on failure: how every request ended, so a refusal of the wrong kind shows at once.
    const outcomes: Record<string, number> = {};
    results.forEach((r, i) => {
      const key = `${r.status} ${bodies[i]!.error?.code ?? ''}`.trim();
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    });
    expect(accepted, JSON.stringify(outcomes)).toHaveLength(fits);
    // Every other one was refused for the reserve, none failed otherwise.
    const refusals = bodies.filter((b) => !b.id);
    expect(refusals.every((b) => JSON.stringify(b.parameterErrors).includes('Превышен лимит'))).toBe(true);
    const after = await btc();
    expect(after.held).toBe(after.balance);
    expect(new Decimal(after.held).minus(before.held).toFixed(8)).toBe(new Decimal('0.01').times(fits).toFixed(8));
  }, 60_000);

  it('gives each hold back exactly once when both processes cancel and expire the same tickets', async () => {
    const before = await btc();
    const expiring = accepted.slice(0, 10);
    await database.db
      .update(tickets)
      .set({ paymentDeadline: new Date(Date.now() - 1000) })
      .where(inArray(tickets.id, expiring));
    // Cancels through both processes at once, and reads (which expire a passed window) through both.
    await Promise.all(
      accepted.flatMap((id, i) => [
        send(i, `/api/v1/Tickets/cancel/${id}`),
        send(i + 1, `/api/v1/Tickets/cancel/${id}`, { method: 'POST' }),
        send(i, `/api/v1/Tickets/${id}`),
        send(i + 1, `/api/v1/Tickets/${id}`),
      ]),
    );
    const after = await btc();
    expect(new Decimal(before.held).minus(after.held).toFixed(8)).toBe(
      new Decimal('0.01').times(accepted.length).toFixed(8),
    );
    const ends = await queryRows<{ ticket_id: string; n: number }>(
      database.db,
      sql`select ticket_id, count(*)::int as n from ticket_history where to_status = 'deleted' group by ticket_id`,
    );
    expect(ends).toHaveLength(accepted.length);
    expect(ends.every((e) => e.n === 1)).toBe(true);
  }, 60_000);

  it('lets the expiry jobs of both processes close every unpaid ticket exactly once', async () => {
    await database.db.execute(sql`update reserves set balance = held + 1 where currency_code = 'BTC'`);
    const before = await btc();
    const payload = await quotedPayload('late@example.com');
    const created = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(i, '/api/v1/Tickets/create', {
          method: 'POST',
          body: JSON.stringify({ ...payload, email: `late${i}@example.com` }),
        }).then((r) => r.json() as Promise<{ id: string }>),
      ),
    );
    const ids = created.map((t) => t.id);
    await database.db.execute(
      sql`update tickets set payment_deadline = now() - interval '1 second' where email like 'late%'`,
    );
    // No one reads them: only the jobs (each process ticks every second) can close them.
    await expect
      .poll(
        async () =>
          (
            await queryRows<{ n: number }>(
              database.db,
              sql`select count(*)::int as n from tickets where email like 'late%' and status = 'advance'`,
            )
          )[0]!.n,
        { timeout: 25_000, interval: 500 },
      )
      .toBe(0);
    const ends = await queryRows<{ n: number; reason: string }>(
      database.db,
      sql`select count(h.id)::int as n, min(t.status_reason) as reason from tickets t join ticket_history h on h.ticket_id = t.id and h.to_status = 'deleted' where t.email like 'late%' group by t.id`,
    );
    expect(ends).toHaveLength(ids.length);
    expect(ends.every((e) => e.n === 1 && e.reason === 'payment_expired')).toBe(true);
    expect((await btc()).held).toBe(before.held);
  }, 60_000);

  it('follows an operator’s price change made on the other process', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const token = await adminToken(a.url, database.url!);
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

  it('closes and reopens exchanges on both processes when the operator switches maintenance on one', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const token = await adminToken(a.url, database.url!);
    const setConvert = async (convertEnabled: boolean) => {
      const put = await fetch(`${a.url}/api/admin/site-state`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ convertEnabled }),
      });
      expect(put.status).toBe(200);
    };
    // The visitors' status call: 204 while exchanges are open, 503 with the notice while not.
    const openOnB = async () => (await fetch(`${b.url}/api/v1/SiteState`)).status === 204;
    expect(await openOnB()).toBe(true); // B has read and kept the state
    await setConvert(false);
    await expect.poll(openOnB, { timeout: 5000 }).toBe(false);
    const refused = await fetch(`${b.url}/api/v1/Tickets/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await quotedPayload('closed@example.com')),
    });
    expect(refused.status).toBe(503);
    await setConvert(true);
    await expect.poll(openOnB, { timeout: 5000 }).toBe(true);
  }, 30_000);

  it('shares failed-login limits between the processes', async () => {
    await expectSharedLoginLimit(servers);
  }, 30_000);

  it('runs each scheduled job once per interval across both processes', async () => {
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
    database = await createTestDatabase({ seed: true });
    servers = await startServers(database.url!, 2, { REDIS_URL: process.env.TEST_REDIS_URL! });
  }, 60_000);

  afterAll(async () => {
    await stopServers(servers);
    await database.close();
  });

  it('share the sign-in limits through PostgreSQL (exact) and the other limits through Redis', async () => {
    await expectSharedLoginLimit(servers);
    // Ticket lookups: ten an address in 15 minutes, counted in Redis by both processes together.
    const lookup = (i: number) =>
      fetch(`${servers[i % servers.length]!.url}/api/v1/Tickets/find`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number: String(999000 + i), email: `nobody-${i}@example.com` }),
      });
    for (let i = 0; i < 10; i += 1) expect((await lookup(i)).status).toBe(200);
    expect((await lookup(10)).status).toBe(429);
    const [row] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from rate_limits where key like 'ticket-lookup%'`,
    );
    expect(row!.n).toBe(0);
  }, 30_000);
});
