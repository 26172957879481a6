import { HDKey } from '@scure/bip32';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { eq } from 'drizzle-orm';
import { Decimal } from '@obmen/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bodyOf, sendJson, startFakeApi, type FakeApi } from '../../../test/fake-api';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, TRON_ADDRESS } from '../../../test/tickets';
import { appMeta, currencies, tickets } from '../../db/schema';
import { createChainClient, type ChainSource } from './chain-clients';
import { createChainWatcher, type Observation } from './chain-watcher';

// The "abandon … about" wallet's Ethereum account (addresses.test.ts): its first address is known.
const seed = pbkdf2(sha512, `${'abandon '.repeat(11)}about`, 'mnemonic', { c: 2048, dkLen: 64 });
const XPUB = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").publicExtendedKey;
const OTHER = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

interface RpcTx {
  hash: string;
  to: string | null;
  value: string;
}

/** A local Ethereum JSON-RPC node: `eth_blockNumber` and `eth_getBlockByNumber(n, true)` in execution-apis' shapes. */
const node = {
  tip: 21_000_000,
  txs: new Map<number, RpcTx[]>(),
  /** A block's hash changes when it is replaced (a reorganisation). */
  forks: new Map<number, number>(),
  hang: false,
  blocksRead: [] as number[],
};

const hex = (n: number | bigint) => `0x${n.toString(16)}`;
const hash = (n: number) => `0x${(n * 1_000 + (node.forks.get(n) ?? 0)).toString(16).padStart(64, '0')}`;
const wei = (eth: string) => hex(BigInt(new Decimal(eth).times('1e18').toFixed()));

/** A block as `eth_getBlockByNumber(n, true)` returns it, with full transaction objects. */
function block(n: number) {
  return {
    number: hex(n),
    hash: hash(n),
    parentHash: hash(n - 1),
    timestamp: hex(1_790_000_000 + n * 12),
    miner: '0x95222290dd7278aa3ddd389cc1e1d165cc4bafe5',
    gasLimit: '0x1c9c380',
    gasUsed: '0x5208',
    baseFeePerGas: '0x3b9aca00',
    transactions: (node.txs.get(n) ?? []).map((tx, index) => ({
      blockHash: hash(n),
      blockNumber: hex(n),
      from: '0x28c6c06298d514db089934071355e5743bf21d60',
      gas: '0x5208',
      gasPrice: '0x3b9aca00',
      hash: tx.hash,
      input: '0x',
      nonce: hex(index),
      to: tx.to,
      transactionIndex: hex(index),
      value: tx.value,
      type: '0x2',
      chainId: '0x1',
      v: '0x1',
      r: '0x01',
      s: '0x01',
    })),
    uncles: [],
  };
}

let api: FakeApi;
let ctx: TestContext;
const seen: Observation[] = [];
const watcherOf = (into: Observation[] = seen, scanBlocks = 50) =>
  createChainWatcher({
    database: ctx.database,
    catalog: ctx.app.services.catalog,
    onObservation: async (o) => void into.push(o),
    retry: { timeoutMs: 150, retries: 1, pause: async () => {} },
    scanBlocks,
  });

beforeAll(async () => {
  api = await startFakeApi(async (req, res) => {
    if (node.hang) return;
    const call = JSON.parse(await bodyOf(req)) as { id: number; method: string; params: [string, boolean] };
    const answer = (result: unknown) => sendJson(res, { jsonrpc: '2.0', id: call.id, result });
    if (call.method === 'eth_blockNumber') return answer(hex(node.tip));
    if (call.method === 'eth_getBlockByNumber') {
      const n = Number(BigInt(call.params[0]));
      node.blocksRead.push(n);
      return answer(n > node.tip ? null : block(n));
    }
    return sendJson(res, {
      jsonrpc: '2.0',
      id: call.id,
      error: { code: -32601, message: 'the method does not exist' },
    });
  });
  ctx = await createTestApp({ chainWatch: true });
  await ctx.database.db
    .update(currencies)
    .set({
      watchMode: 'xpub',
      watchChain: 'ethereum',
      watchXpub: XPUB,
      watchToken: '',
      watchApiUrl: api.base,
      watchDecimals: 18,
      watchConfirmations: 12,
    })
    .where(eq(currencies.code, 'ETH'));
  await ctx.app.services.catalog.changed();
});

afterAll(async () => {
  api.close();
  await ctx.close();
});

beforeEach(async () => {
  seen.length = 0;
  node.blocksRead.length = 0;
  node.txs.clear();
  // Each test starts as a first run, at a tip of its own.
  node.tip += 1_000;
  await ctx.database.db.delete(appMeta).where(eq(appMeta.key, 'chain_scan:ethereum:ETH'));
  await ctx.database.db.update(tickets).set({ status: 'deleted', paymentDeadline: new Date(0) });
});

async function ethTicket() {
  const res = await createTicket(ctx, {
    giveName: 'ETH',
    getName: 'USDTTRC20',
    giveSum: '0.1',
    getSum: '0',
    calcDirection: 'sell',
    useFixed: false,
    email: 'ether@example.com',
    requisites: { give: {}, get: { walletAddress: TRON_ADDRESS } },
    agreeAml: true,
    agreeRules: true,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string; payTo: { value: string }[]; give: { sum: string } }>();
}

const cursor = async () =>
  (await ctx.database.db.select().from(appMeta).where(eq(appMeta.key, 'chain_scan:ethereum:ETH')))[0]?.value;

describe('plain ETH, found by reading blocks', () => {
  it('reads the blocks of the confirmation window on a first run and matches recipients in any case', async () => {
    const source: ChainSource = { chain: 'ethereum', apiUrl: api.base, token: '', decimals: 18, confirmations: 12 };
    const mine = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
    node.txs.set(node.tip - 3, [
      { hash: `0x${'a1'.repeat(32)}`, to: mine.toLowerCase(), value: hex(123_456_789_012_345_678_901n) },
      { hash: `0x${'a2'.repeat(32)}`, to: OTHER, value: hex(10n ** 18n) },
      // A contract creation has no recipient; a call with no value pays nothing.
      { hash: `0x${'a3'.repeat(32)}`, to: null, value: hex(10n ** 18n) },
      { hash: `0x${'a4'.repeat(32)}`, to: mine, value: '0x0' },
    ]);
    const { transfers, scanned } = await createChainClient(source).incoming([mine], { last: null, maxBlocks: 50 });
    expect(transfers.get(mine)).toEqual([
      {
        txid: `0x${'a1'.repeat(32)}`,
        position: 0,
        amount: '123.456789012345678901',
        confirmations: 4,
        blockTime: new Date((1_790_000_000 + (node.tip - 3) * 12) * 1000),
        block: node.tip - 3,
      },
    ]);
    expect(scanned).toBe(node.tip);
    expect(node.blocksRead).toEqual(Array.from({ length: 12 }, (_, i) => node.tip - 11 + i));

    // The next run reads the window again and at most `maxBlocks` new blocks.
    node.blocksRead.length = 0;
    node.tip += 100;
    const next = await createChainClient(source).incoming([mine], { last: scanned, maxBlocks: 50 });
    expect(next.scanned).toBe(node.tip - 50);
    expect(node.blocksRead[0]).toBe(node.tip - 100 - 11);
    expect(node.blocksRead.at(-1)).toBe(node.tip - 50);
    // Read again from the window: now settled, 104 blocks deep.
    expect(next.transfers.get(mine)).toEqual([expect.objectContaining({ confirmations: 104 })]);
  });

  it('reports a payment to a ticket’s address as it gains confirmations and pays the ticket at 12', async () => {
    const ticket = await ethTicket();
    const address = ticket.payTo[0]!.value;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const reported: Observation[] = [];
    const watcher = createChainWatcher({
      database: ctx.database,
      catalog: ctx.app.services.catalog,
      onObservation: async (o) => {
        reported.push(o);
        await ctx.app.services.payments.recordIncomingPayment(o);
      },
      retry: { timeoutMs: 500, retries: 0 },
    });
    const sum = new Decimal(ticket.give.sum).toFixed();
    node.txs.set(node.tip, [{ hash: `0x${'b1'.repeat(32)}`, to: address.toLowerCase(), value: wei(sum) }]);
    await watcher.watch('ethereum');
    expect(await cursor()).toBe(node.tip);
    node.tip += 5;
    await watcher.watch('ethereum');
    node.tip += 6;
    await watcher.watch('ethereum');
    node.tip += 3;
    await watcher.watch('ethereum');
    expect(reported.map((o) => [o.txid, o.amount, o.confirmations])).toEqual([
      [`0x${'b1'.repeat(32)}`, sum, 1],
      [`0x${'b1'.repeat(32)}`, sum, 6],
      [`0x${'b1'.repeat(32)}`, sum, 12],
    ]);
    const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.status).toBe('new');
  });

  it('reads a block whose payment was not taken again, and closes ETH while that holds the scan back', async () => {
    const ticket = await ethTicket();
    const address = ticket.payTo[0]!.value;
    const { exchange } = ctx.app.services;
    const start = node.tip;
    const stuckAt = start - 2;
    node.txs.set(stuckAt, [{ hash: `0x${'e1'.repeat(32)}`, to: address, value: wei('0.05') }]);
    let refuse = true;
    const taken: Observation[] = [];
    const watcher = createChainWatcher({
      database: ctx.database,
      catalog: ctx.app.services.catalog,
      onObservation: async (o) => {
        if (refuse) throw new Error('the ticket is locked');
        taken.push(o);
      },
      retry: { timeoutMs: 500, retries: 0 },
    });
    await expect(watcher.watch('ethereum')).rejects.toThrow('the ticket is locked');
    expect(await cursor()).toBe(start);
    // Twenty blocks on, the scan goes only so far that the block stays in the window it reads again.
    node.tip += 20;
    await expect(watcher.watch('ethereum')).rejects.toThrow('the ticket is locked');
    expect(await cursor()).toBe(stuckAt + 11);
    expect(exchange.directionStatus('ETH', 'USDTTRC20')).toBe(true);
    // Held there: no later payment would be seen, so ETH's directions close until the report is taken.
    await expect(watcher.watch('ethereum')).rejects.toThrow('the ticket is locked');
    expect(await cursor()).toBe(stuckAt + 11);
    expect(exchange.directionStatus('ETH', 'USDTTRC20')).toBe(false);
    const [eth] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'ETH'));
    expect(eth!.watchError).toMatch(/^ethereum payments not recorded: 0x(e1){32}: the ticket is locked/);
    refuse = false;
    await watcher.watch('ethereum');
    expect(taken.map((o) => [o.txid, o.confirmations])).toEqual([[`0x${'e1'.repeat(32)}`, 23]]);
    expect(await cursor()).toBe(node.tip);
    expect(exchange.directionStatus('ETH', 'USDTTRC20')).toBe(true);
  });

  it('reports a payment whose block was replaced (a reorganisation) as gone, once', async () => {
    const ticket = await ethTicket();
    const address = ticket.payTo[0]!.value;
    const at = node.tip - 1;
    node.txs.set(at, [{ hash: `0x${'c1'.repeat(32)}`, to: address, value: wei('0.05') }]);
    const watcher = watcherOf();
    await watcher.watch('ethereum');
    // Another block at that height, without the transaction.
    node.forks.set(at, 1);
    node.txs.delete(at);
    node.tip += 1;
    await watcher.watch('ethereum');
    await watcher.watch('ethereum');
    expect(seen.map((o) => [o.txid, o.confirmations, o.gone])).toEqual([
      [`0x${'c1'.repeat(32)}`, 2, false],
      [`0x${'c1'.repeat(32)}`, 2, true],
    ]);
  });

  it('reports no dust below the currency’s smallest unit, which the ticket could not take', async () => {
    const ticket = await ethTicket();
    const address = ticket.payTo[0]!.value;
    // 1 wei, where ETH keeps 8 decimals here, and a real payment in the same block.
    node.txs.set(node.tip, [
      { hash: `0x${'d1'.repeat(32)}`, to: address, value: '0x1' },
      { hash: `0x${'d2'.repeat(32)}`, to: address, value: wei('0.00000001') },
    ]);
    await watcherOf().watch('ethereum');
    expect(seen.map((o) => [o.txid, o.amount])).toEqual([[`0x${'d2'.repeat(32)}`, '0.00000001']]);
  });

  it('closes ETH’s directions when the node stops answering, keeps its place, and reopens them', async () => {
    const { exchange } = ctx.app.services;
    await ethTicket();
    await watcherOf().watch('ethereum');
    const before = await cursor();
    expect(exchange.directionStatus('ETH', 'USDTTRC20')).toBe(true);
    node.hang = true;
    node.tip += 3;
    await watcherOf().watch('ethereum');
    const [eth] = await ctx.database.db.select().from(currencies).where(eq(currencies.code, 'ETH'));
    expect(eth!.watchError).toMatch(/ethereum API: no answer in 150 ms/);
    expect(exchange.directionStatus('ETH', 'USDTTRC20')).toBe(false);
    expect(await cursor()).toBe(before);
    node.hang = false;
    await watcherOf().watch('ethereum');
    expect(exchange.directionStatus('ETH', 'USDTTRC20')).toBe(true);
    expect(await cursor()).toBe(node.tip);
  });

  it('forgets its place while nothing is watched, so a new ticket is not read from hours back', async () => {
    await ethTicket();
    await watcherOf().watch('ethereum');
    expect(await cursor()).toBe(node.tip);
    await ctx.database.db.update(tickets).set({ status: 'deleted', paymentDeadline: new Date(0) });
    await watcherOf().watch('ethereum');
    expect(await cursor()).toBeUndefined();
  });
});
