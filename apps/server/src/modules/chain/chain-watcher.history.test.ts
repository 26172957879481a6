import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { currencies } from '../../db/schema';
import { btcTicket, ctx, esplora, payment, seen, useEsploraApp, watcherOf } from './chain-watcher.kit';

// An address's history deeper than Esplora's first page (issue 42, item 5): newer transactions
// (dust sent by anyone) must not hide a ticket's payment, and each run reads only what is new.
useEsploraApp();

const dustId = (run: number, i: number) =>
  `${'0d'.repeat(29)}${run.toString(16).padStart(2, '0')}${i.toString(16).padStart(4, '0')}`;
/** `count` transfers of 1 000 satoshi to `address`, one a block, in the blocks after `from`. */
const dust = (run: number, address: string, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => payment(dustId(run, i), address, 1_000, from + 1 + i));
const pathsTo = (address: string) => esplora.paths.filter((path) => path.includes(address));
const watchError = async () =>
  (await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'BTC')))[0]!.watchError;

describe('an address history deeper than a page', () => {
  it('finds a payment under 30 newer dust transactions, then reads only what is new', async () => {
    const address = (await btcTicket()).payTo[0]!.value;
    const paid = payment('a1'.repeat(32), address, 1_000_000, esplora.tip - 40);
    esplora.txs.set(address, [paid, ...dust(1, address, esplora.tip - 40, 30)]);
    await watcherOf().watch('bitcoin');
    expect(seen.filter((o) => o.txid === paid.txid)).toEqual([
      expect.objectContaining({ amount: '0.01', confirmations: 41 }),
    ]);

    // Settled history is not read again: the next run stops at the newest transaction it had seen.
    esplora.paths.length = 0;
    seen.length = 0;
    await watcherOf().watch('bitcoin');
    expect(pathsTo(address)).toEqual([`/address/${address}/txs`]);
    expect(seen).toEqual([]);
  });

  it('reads a long history a few pages a run, going on where the last run stopped', async () => {
    const address = (await btcTicket()).payTo[0]!.value;
    const paid = payment('b2'.repeat(32), address, 1_000_000, esplora.tip - 80);
    esplora.txs.set(address, [paid, ...dust(2, address, esplora.tip - 80, 70)]);
    const watcher = watcherOf(seen, ctx.database, { historyPages: 2 });
    await watcher.watch('bitcoin');
    expect(pathsTo(address)).toHaveLength(2);
    expect(seen.map((o) => o.txid)).not.toContain(paid.txid);
    esplora.paths.length = 0;
    await watcher.watch('bitcoin');
    expect(seen.map((o) => o.txid)).toContain(paid.txid);
    // It went on from the oldest transaction it had read, not from the top again.
    expect(pathsTo(address)).toEqual([`/address/${address}/txs`, `/address/${address}/txs/chain/${dustId(2, 20)}`]);
    expect(await watchError()).toBeNull();
  });

  it('holds its place when a page fails half-way, and reports the payment once the source answers', async () => {
    const address = (await btcTicket()).payTo[0]!.value;
    const paid = payment('c3'.repeat(32), address, 1_000_000, esplora.tip - 40);
    esplora.txs.set(address, [paid, ...dust(3, address, esplora.tip - 40, 30)]);
    esplora.failing = (path) => path.startsWith(`/address/${address}/txs/chain/`);
    await watcherOf().watch('bitcoin');
    expect(seen.map((o) => o.txid)).not.toContain(paid.txid);
    expect(await watchError()).toMatch(/HTTP 500/);
    esplora.failing = null;
    await watcherOf().watch('bitcoin');
    expect(seen.map((o) => o.txid)).toContain(paid.txid);
    expect(await watchError()).toBeNull();
  });

  it('does not read history older than its tickets', async () => {
    const address = (await btcTicket()).payTo[0]!.value;
    const long_ago = Math.floor(Date.now() / 1000) - 3 * 3600;
    esplora.txs.set(
      address,
      Array.from({ length: 60 }, (_, i) => payment(dustId(4, i), address, 1_000, esplora.tip - 100 + i, long_ago)),
    );
    esplora.paths.length = 0;
    await watcherOf().watch('bitcoin');
    expect(pathsTo(address)).toEqual([`/address/${address}/txs`]);
  });
});
