import { createServer, type Server, type ServerResponse } from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, TRON_ADDRESS, usdtToBtc } from '../../../test/tickets';
import { openPostgres, type Database } from '../../db/database';
import { Decimal } from '@obmen/shared';
import { chainObservations, currencies, outbox, ticketHistory, ticketPayments, tickets } from '../../db/schema';
import { TEST_DB } from '../../../test/test-database';
import { listJobRuns } from '../jobs/job-runs.repository';
import { createScheduler } from '../jobs/job-scheduler';
import { createMetrics } from '../monitoring/metrics';
import { createChainWatcher, type Observation } from './chain-watcher';

// BIP84's test vector account: its first receiving addresses are known (addresses.test.ts).
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const FIRST = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';

interface EsploraTx {
  txid: string;
  status: { confirmed: boolean; block_height?: number; block_hash?: string; block_time?: number };
  vout: { scriptpubkey: string; scriptpubkey_type: string; scriptpubkey_address: string; value: number }[];
}

/** A local Esplora under `/api` (as blockstream.info/api): `/blocks/tip/height` as plain text and `/address/:a/txs` as its JSON list. */
const esplora = {
  tip: 800_000,
  txs: new Map<string, EsploraTx[]>(),
  hang: false,
  requests: 0,
};

/** Blocks were made ten minutes before the watcher's clock (Esplora's `block_time`, in seconds). */
const BLOCK_TIME = () => Math.floor(clock.now.getTime() / 1000) - 600;

/** A transaction paying `sats` to `address` (and change elsewhere), shaped as Esplora writes one. */
function payment(txid: string, address: string, sats: number, height: number | null): EsploraTx {
  return {
    txid,
    status:
      height === null
        ? { confirmed: false }
        : { confirmed: true, block_height: height, block_hash: '00'.repeat(32), block_time: BLOCK_TIME() },
    vout: [
      { scriptpubkey: '0014aa', scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: 'bc1qother', value: 54_321 },
      { scriptpubkey: '0014bb', scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: address, value: sats },
    ],
  };
}

let server: Server;
let url: string;
const held: ServerResponse[] = [];

let ctx: TestContext;
const seen: Observation[] = [];
const pauses: number[] = [];
const clock = { now: new Date('2026-11-26T12:00:00Z') };
const watcherOf = (into: Observation[] = seen, database: Database = ctx.database) =>
  createChainWatcher({
    database,
    catalog: ctx.app.services.catalog,
    onObservation: async (o) => void into.push(o),
    now: () => clock.now,
    retry: { timeoutMs: 150, retries: 2, pause: async (ms) => void pauses.push(ms) },
  });

/** A ticket giving bitcoin, for USDT or (`toEth`) for ether: two reserves, so two batches of creations. */
async function btcTicket(toEth = false) {
  const res = await createTicket(ctx, {
    giveName: 'BTC',
    getName: toEth ? 'ETH' : 'USDTTRC20',
    giveSum: '0.01',
    getSum: '0',
    calcDirection: 'sell',
    useFixed: false,
    email: 'chain@example.com',
    requisites: {
      give: {},
      get: { walletAddress: toEth ? '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' : TRON_ADDRESS },
    },
    agreeAml: true,
    agreeRules: true,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string; number: number; payTo: { label: string; value: string }[]; give: { sum: string } }>();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    esplora.requests += 1;
    if (esplora.hang) return void held.push(res);
    const path = req.url?.replace(/^\/api/, '') ?? '';
    if (path === '/blocks/tip/height')
      return res.writeHead(200, { 'content-type': 'text/plain' }).end(String(esplora.tip));
    const address = /^\/address\/([^/]+)\/txs$/.exec(path)?.[1];
    if (!address) return res.writeHead(404).end('Not found');
    return res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(esplora.txs.get(address) ?? []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/api`;
  ctx = await createTestApp({ chainWatch: true });
  await ctx.database.db
    .update(currencies)
    .set({
      watchMode: 'xpub',
      watchChain: 'bitcoin',
      watchXpub: ZPUB,
      watchApiUrl: url,
      watchDecimals: 8,
      watchConfirmations: 2,
    })
    .where(eq(currencies.code, 'BTC'));
  await ctx.app.services.catalog.changed();
});

afterAll(async () => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  server.close();
  await ctx.close();
});

beforeEach(() => {
  seen.length = 0;
});

describe('deposit addresses', () => {
  it('gives each ticket the next address of the operator key, shown as where to pay', async () => {
    const ticket = await btcTicket();
    expect(ticket.payTo).toEqual([{ label: 'Адрес для оплаты этой заявки', value: FIRST }]);
    const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ depositChain: 'bitcoin', depositAddress: FIRST, depositIndex: 0 });
    const next = await btcTicket();
    expect(next.payTo[0]!.value).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    // The mail says where to pay as the page does: the ticket's own address, not the fixed wallet.
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.kind, 'ticket_advance'));
    const mail = mails.find((m) => m.text.includes(String(ticket.number)));
    expect(mail?.text).toContain(FIRST);
    expect(mail?.text).not.toContain('bc1qj0mapw29tn6u9p06e5cl0f8sgvr67envcd3ehr');
  });

  it('never gives two tickets created at once the same index', async () => {
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => btcTicket(i % 2 === 1)));
    const rows = await ctx.database.db
      .select({ index: tickets.depositIndex, address: tickets.depositAddress })
      .from(tickets)
      .where(eq(tickets.depositChain, 'bitcoin'));
    expect(made).toHaveLength(12);
    expect(new Set(rows.map((r) => r.index)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.address)).size).toBe(rows.length);
    expect(rows.map((r) => r.index).sort((a, b) => a! - b!)).toEqual(rows.map((_, i) => i));
  });

  it('keeps the fixed wallet of a currency that is not watched', async () => {
    const res = await createTicket(ctx, usdtToBtc('0.01'));
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, res.json<{ id: string }>().id));
    expect(row!.depositAddress).toBeNull();
    expect(res.json<{ payTo: { label: string }[] }>().payTo[0]!.label).not.toBe('Адрес для оплаты этой заявки');
  });
});

describe('the rates export', () => {
  it('drops manual for the directions whose give currency is watched, in both files, and only there', async () => {
    const items = async (url: string) => {
      const body = (await ctx.app.inject({ url })).body;
      // One <item> per direction: its pair and everything it says, as text.
      return new Map(
        [...body.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, item]) => [
          `${/<from>(\w+)<\/from>/.exec(item!)![1]}>${/<to>(\w+)<\/to>/.exec(item!)![1]}`,
          item!,
        ]),
      );
    };
    const legacy = await items('/export/rates.xml');
    const eref = await items('/export/rates.xml?v=1.1');
    expect(legacy.get('BTC>USDTTRC20')).not.toContain('manual');
    expect(eref.get('BTC>USDTTRC20')).not.toContain('<manual>');
    // A card payment, or a coin nobody watches here, still waits for a person.
    expect(legacy.get('SBERRUB>BTC')).toContain('<param>manual, cardverify</param>');
    expect(eref.get('SBERRUB>BTC')).toContain('<manual>true</manual>');
    expect(legacy.get('USDTTRC20>BTC')).toContain('<param>manual</param>');
    expect(eref.get('USDTTRC20>BTC')).toContain('<manual>true</manual>');
  });
});

describe('the Esplora watcher', () => {
  it('reports a payment as it gains confirmations, once per change, and in BTC, not satoshi', async () => {
    const ticket = await btcTicket();
    const address = ticket.payTo[0]!.value;
    const watcher = watcherOf();
    esplora.txs.set(address, [payment('a1'.repeat(32), address, 1_000_000, null)]);
    await watcher.watch('bitcoin');
    expect(seen).toEqual([
      expect.objectContaining({
        ticketId: ticket.id,
        txid: 'a1'.repeat(32),
        amount: '0.01',
        confirmations: 0,
        required: 2,
        gone: false,
      }),
    ]);
    await watcher.watch('bitcoin');
    expect(seen).toHaveLength(1);

    esplora.txs.set(address, [payment('a1'.repeat(32), address, 1_000_000, esplora.tip)]);
    await watcher.watch('bitcoin');
    esplora.tip += 1;
    await watcher.watch('bitcoin');
    // Past the threshold more blocks change nothing the tickets side needs.
    esplora.tip += 5;
    await watcher.watch('bitcoin');
    expect(seen.map((o) => o.confirmations)).toEqual([0, 1, 2]);
    // Seen in the mempool at the run; once in a block, dated by the block where it came first.
    expect(seen[0]!.seenAt).toEqual(clock.now);
    expect(seen[2]!.seenAt).toEqual(new Date(BLOCK_TIME() * 1000));
    // Settled: a transfer that leaves the answer now (a busy address's first page moved on) is not "gone".
    esplora.txs.set(address, []);
    await watcher.watch('bitcoin');
    expect(seen).toHaveLength(3);
  });

  it('reports every other payment when one ticket’s report fails, and makes that one again on the next run', async () => {
    const [stuck, fine] = [await btcTicket(), await btcTicket()];
    for (const [ticket, txid] of [
      [stuck, 'e1'.repeat(32)],
      [fine, 'e2'.repeat(32)],
    ] as const) {
      const address = ticket.payTo[0]!.value;
      esplora.txs.set(address, [payment(txid, address, 1_000_000, esplora.tip - 2)]);
    }
    const failing = createChainWatcher({
      database: ctx.database,
      catalog: ctx.app.services.catalog,
      onObservation: async (o) => {
        if (o.ticketId === stuck.id) throw new Error('the ticket is locked');
        seen.push(o);
      },
      now: () => clock.now,
    });
    await expect(failing.watch('bitcoin')).rejects.toThrow(`BTC ${'e1'.repeat(32)}: the ticket is locked`);
    expect(seen.filter((o) => o.ticketId === fine.id)).toHaveLength(1);
    // Not a source error: the directions stay open.
    const [btc] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'BTC'));
    expect(btc!.watchError).toBeNull();
    await watcherOf().watch('bitcoin');
    expect(seen.filter((o) => o.ticketId === stuck.id)).toEqual([expect.objectContaining({ txid: 'e1'.repeat(32) })]);
    expect(seen.filter((o) => o.ticketId === fine.id)).toHaveLength(1);
  });

  it('reports a transaction the answer lists twice once', async () => {
    const ticket = await btcTicket();
    const address = ticket.payTo[0]!.value;
    const tx = payment('b2'.repeat(32), address, 123_456_789, esplora.tip - 9);
    esplora.txs.set(address, [tx, tx]);
    await watcherOf().watch('bitcoin');
    expect(seen.filter((o) => o.ticketId === ticket.id)).toEqual([
      expect.objectContaining({ amount: '1.23456789', confirmations: 10 }),
    ]);
  });

  it('counts two outputs of one transaction to the address as one payment of their sum', async () => {
    const ticket = await btcTicket();
    const address = ticket.payTo[0]!.value;
    const tx = payment('b3'.repeat(32), address, 600_000, esplora.tip - 1);
    tx.vout.push({ ...tx.vout[1]!, value: 400_000 });
    // The same transaction listed twice still pays its outputs once.
    esplora.txs.set(address, [tx, tx]);
    await createChainWatcher({
      database: ctx.database,
      catalog: ctx.app.services.catalog,
      onObservation: async (o) => {
        seen.push(o);
        await ctx.app.services.payments.recordIncomingPayment(o);
      },
      now: () => clock.now,
    }).watch('bitcoin');
    expect(seen.filter((o) => o.ticketId === ticket.id)).toEqual([
      expect.objectContaining({ txid: 'b3'.repeat(32), amount: '0.01', confirmations: 2 }),
    ]);
    const [paid] = await ctx.database.db.select().from(ticketPayments).where(eq(ticketPayments.ticketId, ticket.id));
    expect(new Decimal(paid!.amount).toFixed()).toBe('0.01');
    const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.status).toBe('new');
  });

  it('reports a transaction that vanished in a reorganisation as gone, once', async () => {
    const ticket = await btcTicket();
    const address = ticket.payTo[0]!.value;
    esplora.txs.set(address, [payment('c3'.repeat(32), address, 5_000, esplora.tip)]);
    const watcher = watcherOf();
    await watcher.watch('bitcoin');
    esplora.txs.set(address, []);
    await watcher.watch('bitcoin');
    await watcher.watch('bitcoin');
    const mine = seen.filter((o) => o.ticketId === ticket.id);
    expect(mine.map((o) => [o.txid, o.amount, o.gone])).toEqual([
      ['c3'.repeat(32), '0.00005', false],
      ['c3'.repeat(32), '0.00005', true],
    ]);
    const [row] = await ctx.database.db
      .select()
      .from(chainObservations)
      .where(eq(chainObservations.ticketId, ticket.id));
    expect(row!.gone).toBe(true);
  });

  it('watches a ticket a day past its deadline for a late payment, and no longer', async () => {
    const ticket = await btcTicket();
    const address = ticket.payTo[0]!.value;
    await ctx.database.db
      .update(tickets)
      .set({
        status: 'deleted',
        statusReason: 'payment_expired',
        paymentDeadline: new Date(clock.now.getTime() - 3_600_000),
      })
      .where(eq(tickets.id, ticket.id));
    esplora.txs.set(address, [payment('d4'.repeat(32), address, 7_000, null)]);
    await watcherOf().watch('bitcoin');
    expect(seen.filter((o) => o.ticketId === ticket.id)).toHaveLength(1);
    await ctx.database.db
      .update(tickets)
      .set({ paymentDeadline: new Date(clock.now.getTime() - 25 * 3_600_000) })
      .where(eq(tickets.id, ticket.id));
    esplora.txs.set(address, [payment('d5'.repeat(32), address, 7_000, null)]);
    await watcherOf().watch('bitcoin');
    expect(seen.filter((o) => o.ticketId === ticket.id)).toHaveLength(1);
  });

  it("closes the network's directions when its API stops answering, after retries, and reopens them", async () => {
    const { exchange } = ctx.app.services;
    expect(exchange.directionStatus('BTC', 'USDTTRC20')).toBe(true);
    esplora.hang = true;
    pauses.length = 0;
    const before = esplora.requests;
    await watcherOf().watch('bitcoin');
    // The tip and the address, asked side by side: three attempts each, with growing pauses between them.
    expect(esplora.requests - before).toBe(6);
    expect(pauses.sort((a, b) => a - b)).toEqual([250, 250, 500, 500]);
    expect(exchange.directionStatus('BTC', 'USDTTRC20')).toBe(false);
    const [btc] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'BTC'));
    expect(btc!.watchError).toMatch(/bitcoin API: no answer in 150 ms/);

    esplora.hang = false;
    await watcherOf().watch('bitcoin');
    expect(exchange.directionStatus('BTC', 'USDTTRC20')).toBe(true);
  });

  it("reports each observation once when two processes' schedulers watch at once", async () => {
    const ticket = await btcTicket();
    const address = ticket.payTo[0]!.value;
    esplora.txs.set(address, [payment('e5'.repeat(32), address, 250_000, esplora.tip)]);
    await ctx.database.db.execute(sql`delete from job_runs where name = 'chain_watch_bitcoin'`);
    // On PostgreSQL the second process has a pool of its own, as a second server would.
    const url = (ctx.database as { url?: string }).url;
    const other = TEST_DB === 'postgres' && url ? await openPostgres(url, 5) : ctx.database;
    const databases = [ctx.database, other];
    const log = pino({ level: 'silent' });
    const schedulers = databases.map((database) => createScheduler({ db: database.db, metrics: createMetrics(), log }));
    const watchers = databases.map((database) => watcherOf(seen, database));
    schedulers.forEach((scheduler, i) =>
      scheduler.every('chain_watch_bitcoin', 3600, () => watchers[i]!.watch('bitcoin')),
    );
    await vi.waitFor(
      async () => {
        const run = (await listJobRuns(ctx.database.db)).find((r) => r.name === 'chain_watch_bitcoin');
        expect(run?.finishedAt).toBeTruthy();
      },
      { timeout: 10_000, interval: 50 },
    );
    for (const scheduler of schedulers) scheduler.stop();
    if (other !== ctx.database) await other.close();
    expect(seen.filter((o) => o.ticketId === ticket.id)).toEqual([
      expect.objectContaining({ txid: 'e5'.repeat(32), amount: '0.0025', confirmations: 1 }),
    ]);
  });

  it('runs in the app on its own with CHAIN_WATCH on, reporting where app.ts sends observations', async () => {
    const reported: Observation[] = [];
    // A second server on the same database, with its jobs: the watcher ticks every second.
    const server = await createTestApp({
      database: ctx.database,
      chainWatch: true,
      startJobs: true,
      chainWatchSeconds: 1,
      onObservation: async (o) => void reported.push(o),
    });
    try {
      const ticket = await btcTicket();
      const address = ticket.payTo[0]!.value;
      esplora.txs.set(address, [payment('f6'.repeat(32), address, 42, null)]);
      await vi.waitFor(() => expect(reported.map((o) => o.ticketId)).toContain(ticket.id), {
        timeout: 10_000,
        interval: 50,
      });
      expect(reported.find((o) => o.ticketId === ticket.id)).toMatchObject({ amount: '0.00000042', confirmations: 0 });
    } finally {
      await server.close();
    }
  });

  it('pays the ticket once through the app’s own wiring when two servers watch at once (issue 35)', async () => {
    // Two servers on one database with their jobs on, each sending what it sees to the tickets side.
    const servers = await Promise.all(
      [0, 1].map(() =>
        createTestApp({ database: ctx.database, chainWatch: true, startJobs: true, chainWatchSeconds: 1 }),
      ),
    );
    try {
      const ticket = await btcTicket();
      const address = ticket.payTo[0]!.value;
      const sats = Number(new Decimal(ticket.give.sum).times(100_000_000).toFixed(0));
      // Exactly the ticket's sum, two blocks deep: the currency's threshold.
      esplora.txs.set(address, [payment('a7'.repeat(32), address, sats, esplora.tip - 1)]);
      await vi.waitFor(
        async () => {
          const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
          expect(row!.status).toBe('new');
        },
        { timeout: 15_000, interval: 100 },
      );
      const paid = await ctx.database.db
        .select()
        .from(ticketHistory)
        .where(and(eq(ticketHistory.ticketId, ticket.id), eq(ticketHistory.toStatus, 'new')));
      expect(paid).toHaveLength(1);
      const payments = await ctx.database.db
        .select()
        .from(ticketPayments)
        .where(eq(ticketPayments.ticketId, ticket.id));
      expect(payments).toEqual([expect.objectContaining({ txid: 'a7'.repeat(32), confirmations: 2, source: 'chain' })]);
      expect(payments[0]!.confirmedAt).not.toBeNull();
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });
});
