import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { openPostgres } from '../../db/database';
import { Decimal } from '@obmen/shared';
import { currencies, ticketHistory, ticketPayments, tickets } from '../../db/schema';
import { TEST_DB } from '../../../test/test-database';
import { listJobRuns } from '../jobs/job-runs.repository';
import { createScheduler } from '../jobs/job-scheduler';
import { createMetrics } from '../monitoring/metrics';
import { createChainWatcher, type Observation } from './chain-watcher';
import { btcTicket, clock, ctx, esplora, payment, pauses, seen, useEsploraApp, watcherOf } from './chain-watcher.kit';

useEsploraApp();

describe('the watcher at work', () => {
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
