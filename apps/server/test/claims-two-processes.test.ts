import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, ticketClaims, users } from '../src/db/schema';
import { createTestDatabase, TEST_DB } from './test-database';
import { usdtToBtc } from './tickets';
import { adminToken, startServers, stopServers, type Server } from './server-processes';
import { TEST_PASSWORD, totpCode } from './users';

/** Two operators on two server processes race to take each ticket (issue 46): exactly one gets it. */
describe.runIf(TEST_DB === 'postgres')('claims across two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let servers: Server[] = [];
  let first = '';
  let second = '';

  const send = async (server: number, path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${servers[server % 2]!.url}${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        ...(init.token && { authorization: `Bearer ${init.token}` }),
        ...init.headers,
      },
    });

  /** An operator signed up through the API, given the role, with two-factor on: the console's bearer. */
  async function operatorToken(username: string): Promise<string> {
    const email = `${username}@example.com`;
    expect((await send(1, '/register/code', { method: 'POST', body: JSON.stringify({ email }) })).status).toBe(200);
    const [mail] = await database.db
      .select({ text: outbox.text })
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.kind, 'register_code')))
      .orderBy(desc(outbox.createdAt));
    const registered = await send(1, '/register', {
      method: 'POST',
      body: JSON.stringify({
        username,
        email,
        emailCode: mail!.text.match(/\b\d{6}\b/)![0],
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        agree: true,
      }),
    });
    const token = ((await registered.json()) as { user: { access_token: string } }).user.access_token;
    await database.db.update(users).set({ role: 'operator' }).where(eq(users.username, username));
    const started = await send(1, '/api/v1/User/2fa/start', { method: 'POST', body: '{}', token });
    const { secret } = (await started.json()) as { secret: string };
    const confirmed = await send(1, '/api/v1/User/2fa/confirm', {
      method: 'POST',
      body: JSON.stringify({ code: totpCode(secret), password: TEST_PASSWORD }),
      token,
    });
    expect(confirmed.status).toBe(200);
    return token;
  }

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    await database.db.execute(
      sql`update ticket_limits set open_per_email = 10000, open_per_user = 10000, open_per_address = 10000, reserve_share_percent = 100, unpaid_hold_percent = 100`,
    );
    servers = await startServers(database.url!, 2);
    first = await adminToken(servers[0]!.url, database.url!);
    second = await operatorToken('racer2');
  }, 60_000);

  afterAll(async () => {
    await stopServers(servers);
    await database.close();
  });

  async function paidTicket(i: number): Promise<string> {
    const quote = await send(0, '/api/v1/Exchange/calculate', {
      method: 'POST',
      body: JSON.stringify({ giveName: 'USDTTRC20', getName: 'BTC', sum: '0.01', direction: 'buy' }),
    });
    const { giveSum } = (await quote.json()) as { giveSum: string };
    const created = await send(0, '/api/v1/Tickets/create', {
      method: 'POST',
      body: JSON.stringify(usdtToBtc('0.01', { giveSum, email: `race${i}@example.com` })),
    });
    const { id } = (await created.json()) as { id: string };
    await send(1, `/api/v1/Tickets/confirm/${id}`);
    return id;
  }

  it('gives each ticket to exactly one of two operators taking it at once through different processes', async () => {
    const ids = await Promise.all(Array.from({ length: 15 }, (_, i) => paidTicket(i)));
    for (const id of ids) {
      const claim = (server: number, token: string) =>
        send(server, `/api/admin/tickets/${id}/claim`, { method: 'POST', body: '{}', token });
      const results = await Promise.all([claim(0, first), claim(1, second)]);
      const bodies = (await Promise.all(results.map((r) => r.json()))) as {
        claim?: { operatorId: string };
        error?: { code: string };
      }[];
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = bodies.find((b) => b.error)!;
      expect(loser.error!.code).toBe('claimed_by_other');
      const winner = bodies.find((b) => b.claim)!.claim!;
      const rows = await database.db.select().from(ticketClaims).where(eq(ticketClaims.ticketId, id));
      expect(rows.map((r) => r.operatorId)).toEqual([winner.operatorId]);
    }
  }, 120_000);
});
