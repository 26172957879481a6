// What the chain watcher's tests share (chain-watcher*.test.ts): a local Esplora, an app per file
// with bitcoin watched through it, bitcoin tickets and what the watcher reported.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { payment as esploraPayment, startFakeEsplora, ZPUB, type FakeEsplora } from '../../../test/fake-esplora';
import { createTestApp, type TestAppOptions, type TestContext } from '../../../test/test-app';
import { createTicket, TRON_ADDRESS } from '../../../test/tickets';
import type { Database } from '../../db/database';
import { currencies } from '../../db/schema';
import { createChainWatcher, type ChainWatcherOptions, type Observation } from './chain-watcher';

export { FIRST, ZPUB } from '../../../test/fake-esplora';

/** The local Esplora of the test file (test/fake-esplora.ts), started by `useEsploraApp`. */
export let esplora: FakeEsplora;

/** Blocks were made ten minutes before the watcher's clock (Esplora's `block_time`, in seconds). */
export const BLOCK_TIME = () => Math.floor(clock.now.getTime() / 1000) - 600;

/** A transaction paying `sats` to `address`, mined ten minutes before the watcher's clock unless told. */
export const payment = (txid: string, address: string, sats: number, height: number | null, blockTime = BLOCK_TIME()) =>
  esploraPayment(txid, address, sats, height, blockTime);

export let ctx: TestContext;
export const seen: Observation[] = [];
export const pauses: number[] = [];
// The watcher's clock, moved by a test where it matters; it starts at the real time, as the tickets do.
export const clock = { now: new Date(Math.floor(Date.now() / 1000) * 1000) };
export const watcherOf = (
  into: Observation[] = seen,
  database: Database = ctx.database,
  options: Partial<ChainWatcherOptions> = {},
) =>
  createChainWatcher({
    database,
    catalog: ctx.app.services.catalog,
    onObservation: async (o) => void into.push(o),
    now: () => clock.now,
    retry: { timeoutMs: 150, retries: 2, pause: async (ms) => void pauses.push(ms) },
    ...options,
  });

/** A watcher whose observations go on the tickets, as app.ts wires it. */
export const payingWatcher = () =>
  createChainWatcher({
    database: ctx.database,
    catalog: ctx.app.services.catalog,
    onObservation: async (o) => void (await ctx.app.services.payments.recordIncomingPayment(o)),
    now: () => clock.now,
    retry: { timeoutMs: 5_000, retries: 1, pause: async () => {} },
  });

/** A ticket giving bitcoin, for USDT or (`toEth`) for ether: two reserves, so two batches of creations. */
export async function btcTicket(toEth = false) {
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

/**
 * The local Esplora and one app for the test file that calls it, bitcoin watched through the one;
 * `options` for more of the app (payouts on).
 */
export function useEsploraApp(options: TestAppOptions = {}): void {
  beforeAll(async () => {
    esplora = await startFakeEsplora();
    pauses.length = 0;
    clock.now = new Date(Math.floor(Date.now() / 1000) * 1000);
    ctx = await createTestApp({ ...options, chainWatch: true });
    await ctx.database.db
      .update(currencies)
      .set({
        watchMode: 'xpub',
        watchChain: 'bitcoin',
        watchXpub: ZPUB,
        watchApiUrl: esplora.url,
        watchDecimals: 8,
        watchConfirmations: 2,
      })
      .where(eq(currencies.code, 'BTC'));
    await ctx.app.services.catalog.changed();
  });

  afterAll(async () => {
    esplora.close();
    await ctx.close();
  });

  beforeEach(() => {
    seen.length = 0;
  });
}
