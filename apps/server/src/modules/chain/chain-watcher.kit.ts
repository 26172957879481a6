// What the chain watcher's tests share (chain-watcher*.test.ts): a local Esplora, an app per file
// with bitcoin watched through it, bitcoin tickets and what the watcher reported.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createTestApp, type TestAppOptions, type TestContext } from '../../../test/test-app';
import { createTicket, TRON_ADDRESS } from '../../../test/tickets';
import type { Database } from '../../db/database';
import { currencies } from '../../db/schema';
import { createChainWatcher, type ChainWatcherOptions, type Observation } from './chain-watcher';

// BIP84's test vector account: its first receiving addresses are known (addresses.test.ts).
export const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
export const FIRST = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';

export interface EsploraTx {
  txid: string;
  status: { confirmed: boolean; block_height?: number; block_hash?: string; block_time?: number };
  vout: { scriptpubkey: string; scriptpubkey_type: string; scriptpubkey_address: string; value: number }[];
}

/** A local Esplora under `/api` (as blockstream.info/api): `/blocks/tip/height` as plain text and `/address/:a/txs` as its JSON list. */
export const esplora = {
  tip: 800_000,
  txs: new Map<string, EsploraTx[]>(),
  hang: false,
  /** The status every answer has; not 200: an outage (a 500), with Esplora's plain-text body. */
  status: 200,
  requests: 0,
  /** The paths asked, and which of them answer 500 (a source failing half-way through a history). */
  paths: [] as string[],
  failing: null as ((path: string) => boolean) | null,
};

/** Blocks were made ten minutes before the watcher's clock (Esplora's `block_time`, in seconds). */
export const BLOCK_TIME = () => Math.floor(clock.now.getTime() / 1000) - 600;

/** A transaction paying `sats` to `address` (and change elsewhere), shaped as Esplora writes one. */
export function payment(
  txid: string,
  address: string,
  sats: number,
  height: number | null,
  blockTime = BLOCK_TIME(),
): EsploraTx {
  return {
    txid,
    status:
      height === null
        ? { confirmed: false }
        : { confirmed: true, block_height: height, block_hash: '00'.repeat(32), block_time: blockTime },
    vout: [
      { scriptpubkey: '0014aa', scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: 'bc1qother', value: 54_321 },
      { scriptpubkey: '0014bb', scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: address, value: sats },
    ],
  };
}

/**
 * A page of an address's history as Esplora's API.md gives it, newest first: `/txs` is up to 50
 * mempool transactions and the first 25 confirmed, `/txs/chain/:last_seen_txid` the 25 confirmed after that one.
 */
function esploraPage(txs: EsploraTx[], chainOnly: boolean, last: string | undefined): EsploraTx[] | null {
  const confirmed = txs
    .filter((tx) => tx.status.confirmed)
    .sort((a, b) => b.status.block_height! - a.status.block_height!);
  if (!chainOnly) return [...txs.filter((tx) => !tx.status.confirmed).slice(0, 50), ...confirmed.slice(0, 25)];
  const from = last === undefined ? 0 : confirmed.findIndex((tx) => tx.txid === last) + 1;
  return from === 0 && last !== undefined ? null : confirmed.slice(from, from + 25);
}

let server: Server;
export let url: string;
const held: ServerResponse[] = [];

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
    // The files of a worker share this module (vitest.config.ts): each starts from an empty chain.
    Object.assign(esplora, { tip: 800_000, hang: false, status: 200, requests: 0, paths: [], failing: null });
    esplora.txs.clear();
    pauses.length = 0;
    clock.now = new Date(Math.floor(Date.now() / 1000) * 1000);
    server = createServer((req, res) => {
      esplora.requests += 1;
      if (esplora.hang) return void held.push(res);
      if (esplora.status !== 200) return res.writeHead(esplora.status, { 'content-type': 'text/plain' }).end('error');
      const path = req.url?.replace(/^\/api/, '') ?? '';
      esplora.paths.push(path);
      if (esplora.failing?.(path)) return res.writeHead(500).end('Internal Server Error');
      if (path === '/blocks/tip/height')
        return res.writeHead(200, { 'content-type': 'text/plain' }).end(String(esplora.tip));
      const [, address, chain, last] = /^\/address\/([^/]+)\/txs(\/chain)?(?:\/([0-9a-f]{64}))?$/.exec(path) ?? [];
      if (!address) return res.writeHead(404).end('Not found');
      const page = esploraPage(esplora.txs.get(address) ?? [], chain !== undefined, last);
      if (!page) return res.writeHead(400).end('Invalid hex string');
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/api`;
    ctx = await createTestApp({ ...options, chainWatch: true });
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
    for (const res of held.splice(0)) res.destroy();
    server.closeAllConnections();
    server.close();
    await ctx.close();
  });

  beforeEach(() => {
    seen.length = 0;
  });
}
