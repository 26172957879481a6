import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import type { Database } from '../src/db/database';
import { startFakeBinance, type FakeBinance } from './fake-binance';
import { startFakeElectrum, type FakeElectrum } from './fake-electrum';
import { adminToken, killHard, startServer, startServers, stopServers, type Server } from './server-processes';
import { createTestDatabase, TEST_DB } from './test-database';
import { BTC_ADDRESS, TRON_ADDRESS } from './tickets';

// Money that leaves goes exactly once (issue 44): real server processes are killed with SIGKILL at
// each step of a payout and started again on what they left; the fake provider's ledger counts
// what really left. Each ends sent, or unknown and then reconciled: none paid twice, none lost.

const PAYOUT_ENV = {
  PAYOUTS: 'on',
  PAYOUT_SECONDS: '1',
  PAYOUT_LEASE_SECONDS: '2',
  PAYOUT_SETTLE_SECONDS: '1',
  // Nothing else competes for the log or the database while a payout is cut off.
  TICKET_EXPIRY_CHECK_SECONDS: '3600',
};
const LIMITS = {
  maxPerTicket: null,
  maxPerDay: null,
  maxPerCustomerDay: null,
  fourEyesAbove: null,
  firstExchangeDelayMinutes: 0,
};

let binance: FakeBinance;
let electrum: FakeElectrum;
let database: (Database & { url?: string }) | null = null;
let server: Server;
let counter = 0;

const databaseKey = () => database?.url ?? server.dataDir;

async function api(method: string, path: string, body?: unknown, admin = false) {
  const token = admin ? await adminToken(server.url, databaseKey()) : null;
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': '198.51.100.7',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Record<string, unknown>;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

/** A ticket for `getSum` of `get`, paid as the operator who saw the coins marks it: its payout is queued. */
async function paidTicket(give: string, get: string, getSum: string, address: string) {
  const quote = await api('POST', '/api/v1/Exchange/calculate', {
    giveName: give,
    getName: get,
    sum: getSum,
    direction: 'buy',
  });
  const ticket = await api('POST', '/api/v1/Tickets/create', {
    giveName: give,
    getName: get,
    giveSum: quote.giveSum,
    getSum,
    calcDirection: 'buy',
    useFixed: false,
    email: `crash${(counter += 1)}.${Date.now()}@example.com`,
    requisites: { give: {}, get: { walletAddress: address } },
    agreeAml: true,
    agreeRules: true,
  });
  await api('POST', `/api/admin/tickets/${String(ticket.id)}/markPaid`, {}, true);
  return { id: String(ticket.id), key: `obmen-${String(ticket.number)}-1` };
}

/** Waits until the ticket succeeded (the payout job runs every second), answering its payout reference. */
async function succeeded(id: string, withinMs = 30_000): Promise<string> {
  const until = Date.now() + withinMs;
  for (;;) {
    const ticket = await api('GET', `/api/v1/Tickets/${id}`);
    if (ticket.status === 'success') return String(ticket.payoutReference);
    if (Date.now() > until) throw new Error(`ticket ${id} is still ${String(ticket.status)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function start(): Promise<void> {
  server = await startServer({
    ...(database?.url && { databaseUrl: database.url }),
    ...(server && { dataDir: server.dataDir, port: server.port }),
    env: PAYOUT_ENV,
  });
}

/** Kills the server where `arm` says (it gets the killer), waits for it to die, then starts it again. */
async function crashAndRestart(arm: (kill: () => Promise<void>) => () => void, act: () => Promise<void>) {
  let died!: () => void;
  const dead = new Promise<void>((resolve) => (died = resolve));
  const disarm = arm(async () => {
    await killHard(server);
    died();
  });
  await act();
  await dead;
  disarm();
  await start();
}

beforeAll(async () => {
  binance = await startFakeBinance({ completeAfterMs: 0 });
  binance.setBalance('USDT', '1000000');
  electrum = await startFakeElectrum({ username: 'rpc', password: 'rpc-password', balance: '50' });
  if (TEST_DB === 'postgres') {
    database = await createTestDatabase({ seed: true });
    await database.db.execute(
      sql`update ticket_limits set open_per_email = 10000, open_per_user = 10000, open_per_address = 10000, reserve_share_percent = 100, unpaid_hold_percent = 100`,
    );
  }
  await start();
  const settings = (code: string, body: object) => api('PUT', `/api/admin/payout-settings/${code}`, body, true);
  await settings('USDTTRC20', {
    mode: 'binance',
    binance: { baseUrl: binance.base, coin: 'USDT', network: 'TRX' },
    credentials: { apiKey: binance.apiKey, apiSecret: binance.apiSecret },
    limits: LIMITS,
  });
  await settings('BTC', {
    mode: 'electrum',
    electrum: { url: electrum.base, username: 'rpc' },
    credentials: { password: 'rpc-password' },
    limits: LIMITS,
  });
}, 120_000);

afterAll(async () => {
  await stopServers([server]);
  await database?.close();
  binance.close();
  electrum.close();
});

describe(`payouts across kill -9 (${TEST_DB})`, () => {
  it('killed after Binance made the withdrawal, before the answer was recorded: reconciled from history, paid once', async () => {
    let ticket!: Awaited<ReturnType<typeof paidTicket>>;
    await crashAndRestart(
      (kill) => binance.onExecuted('apply', kill),
      async () => {
        ticket = await paidTicket('BTC', 'USDTTRC20', '120', TRON_ADDRESS);
      },
    );
    const txid = await succeeded(ticket.id);
    expect(binance.withdrawalsFor(ticket.key)).toBe(1);
    expect(binance.ledger().find((w) => w.key === ticket.key)?.txid).toBe(txid);
  }, 90_000);

  it('killed after it claimed the payout, before the withdrawal reached Binance: found absent, sent once', async () => {
    let ticket!: Awaited<ReturnType<typeof paidTicket>>;
    await crashAndRestart(
      (kill) =>
        binance.onReceived('apply', async () => {
          // The process is gone before its request left: Binance never gets it.
          binance.failNext('apply', { kind: 'reset', execute: false });
          await kill();
        }),
      async () => {
        ticket = await paidTicket('BTC', 'USDTTRC20', '130', TRON_ADDRESS);
      },
    );
    await succeeded(ticket.id);
    expect(binance.withdrawalsFor(ticket.key)).toBe(1);
  }, 90_000);

  it('Electrum: killed between recording the signed transaction and its broadcast: the same transaction goes, once', async () => {
    let ticket!: Awaited<ReturnType<typeof paidTicket>>;
    await crashAndRestart(
      (kill) =>
        electrum.before('broadcast', async () => {
          electrum.failNext('broadcast', 'reset', 'before');
          await kill();
        }),
      async () => {
        ticket = await paidTicket('USDTTRC20', 'BTC', '0.01', BTC_ADDRESS);
      },
    );
    const txid = await succeeded(ticket.id);
    const paid = electrum.payments().filter((p) => p.address === BTC_ADDRESS && p.amount === '0.01');
    expect(paid.map((p) => p.txid)).toEqual([txid]);
  }, 90_000);

  it('Electrum: killed after the broadcast, before it was recorded: found in the wallet history, paid once', async () => {
    let ticket!: Awaited<ReturnType<typeof paidTicket>>;
    await crashAndRestart(
      (kill) => electrum.after('broadcast', kill),
      async () => {
        ticket = await paidTicket('USDTTRC20', 'BTC', '0.02', BTC_ADDRESS);
      },
    );
    const txid = await succeeded(ticket.id);
    const paid = electrum.payments().filter((p) => p.address === BTC_ADDRESS && p.amount === '0.02');
    expect(paid.map((p) => p.txid)).toEqual([txid]);
  }, 90_000);
});

/** A storm of paid tickets over two processes on one PostgreSQL: each is paid exactly once. */
describe.runIf(TEST_DB === 'postgres')('a storm of payouts over two processes', () => {
  let second: Server[] = [];
  afterAll(async () => stopServers(second));

  it('pays each of 24 tickets exactly once while both processes run the queue', async () => {
    second = await startServers(database!.url!, 1, PAYOUT_ENV);
    const tickets = await Promise.all(
      Array.from({ length: 24 }, (_, i) => paidTicket('BTC', 'USDTTRC20', String(100 + i), TRON_ADDRESS)),
    );
    await Promise.all(tickets.map((t) => succeeded(t.id, 60_000)));
    for (const t of tickets) expect(binance.withdrawalsFor(t.key)).toBe(1);
    const total = binance
      .ledger()
      .filter((w) => tickets.some((t) => t.key === w.key))
      .reduce((sum, w) => sum.plus(w.amount), new Decimal(0));
    expect(total.toFixed()).toBe(new Decimal(100 * 24 + (23 * 24) / 2).toFixed());
  }, 120_000);
});
