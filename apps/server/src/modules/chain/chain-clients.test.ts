import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { bodyOf, sendJson, startFakeApi, type FakeApi } from '../../../test/fake-api';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { currencies } from '../../db/schema';
import { createChainClient, fromUnits, type ChainClient, type ChainSource } from './chain-clients';
import { createChainWatcher, type Observation } from './chain-watcher';

const USDT_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDT_ETH = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const SHARED = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const ETH_ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

/** TronGrid's `block_timestamp`, in milliseconds: a minute ago, as for a payment to a ticket just made. */
const TRON_BLOCK_TIME = new Date(Date.now() - 60_000);

/** TRC-20 transfers as TronGrid's /v1/accounts/:a/transactions/trc20 lists them. */
const trc20 = (id: string, to: string, value: string) => ({
  transaction_id: id,
  token_info: { symbol: 'USDT', address: USDT_TRON, decimals: 6, name: 'Tether USD' },
  block_timestamp: TRON_BLOCK_TIME.getTime(),
  from: 'TJmmqjb1DK9TTZbQXzRQ2AuA94z4gKAPFh',
  to,
  type: 'Transfer',
  value,
});

/** A TRX transaction as /v1/accounts/:a/transactions lists it. */
const trx = (id: string, type: string, amount: number, result = 'SUCCESS') => ({
  ret: [{ contractRet: result, fee: 0 }],
  signature: ['00'],
  txID: id,
  net_usage: 268,
  blockNumber: 70_000_000,
  block_timestamp: TRON_BLOCK_TIME.getTime(),
  raw_data: {
    contract: [
      {
        parameter: {
          value: { amount, owner_address: '41aa', to_address: '41bb' },
          type_url: `type.googleapis.com/protocol.${type}`,
        },
        type,
      },
    ],
    ref_block_bytes: '0000',
    ref_block_hash: '00',
    expiration: 1_790_000_060_000,
    timestamp: 1_790_000_000_000,
  },
  internal_transactions: [],
});

const tron = { all: new Map<string, unknown[]>(), confirmed: new Map<string, unknown[]>() };
const rpcCalls: { method: string; params: unknown[] }[] = [];
const tronPaths: string[] = [];
const ETH_TIP = 21_000_000;

let api: FakeApi;
let base: string;
beforeAll(async () => {
  api = await startFakeApi(async (req, res) => {
    const json = (value: unknown) => sendJson(res, value);
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/rpc') {
      const call = JSON.parse(await bodyOf(req)) as { id: number; method: string; params: unknown[] };
      rpcCalls.push(call);
      if (call.method === 'eth_blockNumber')
        return json({ jsonrpc: '2.0', id: call.id, result: `0x${ETH_TIP.toString(16)}` });
      const log = (hash: string, index: number, block: number, units: bigint, removed = false) => ({
        address: USDT_ETH.toLowerCase(),
        topics: [],
        data: `0x${units.toString(16).padStart(64, '0')}`,
        blockNumber: `0x${block.toString(16)}`,
        transactionHash: hash,
        transactionIndex: '0x1',
        blockHash: `0x${'ab'.repeat(32)}`,
        logIndex: `0x${index.toString(16)}`,
        removed,
      });
      return json({
        jsonrpc: '2.0',
        id: call.id,
        result: [
          log(`0x${'11'.repeat(32)}`, 7, ETH_TIP - 11, 250_000_000n),
          log(`0x${'22'.repeat(32)}`, 0, ETH_TIP - 1, 1n, true),
        ],
      });
    }
    if (url.pathname === '/wallet/getnowblock') {
      return json({ blockID: '00', block_header: { raw_data: { number: 70_000_019 } } });
    }
    const match = /^\/v1\/accounts\/([^/]+)\/transactions(\/trc20)?$/.exec(url.pathname);
    if (!match) return res.writeHead(404).end();
    const key = `${match[1]}${match[2] ?? ''}`;
    tronPaths.push(`${url.pathname}${url.search}`);
    // TronGrid's paging: `limit` a page (20 unless said), newest first, `meta.fingerprint` where more follow.
    const since = Number(url.searchParams.get('min_timestamp') ?? 0);
    const listed = (
      (url.searchParams.get('only_confirmed') === 'true' ? tron.confirmed : tron.all).get(key) ?? []
    ).filter((item) => ((item as { block_timestamp?: number }).block_timestamp ?? 0) >= since);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const from = Number(url.searchParams.get('fingerprint') ?? 0);
    const data = listed.slice(from, from + limit);
    const more = from + limit < listed.length ? { fingerprint: String(from + limit) } : {};
    return json({ data, success: true, meta: { at: 1_790_000_000_000, page_size: data.length, ...more } });
  });
  base = api.base;
});
afterAll(() => api.close());

const incomingTo = async (client: ChainClient, address: string) =>
  (await client.incoming([address])).transfers.get(address);

const source = (over: Partial<ChainSource>): ChainSource => ({
  chain: 'tron',
  apiUrl: base,
  token: '',
  decimals: 6,
  confirmations: 19,
  ...over,
});

describe('chain clients', () => {
  it('turns smallest units into exact decimal text', () => {
    expect(fromUnits(1n, 8)).toBe('0.00000001');
    expect(fromUnits('2100000000000000', 8)).toBe('21000000');
    expect(fromUnits(123_456_789_012_345_678_901n, 18)).toBe('123.456789012345678901');
  });

  it('reads TRC-20 transfers to an address from TronGrid, solidified ones as settled', async () => {
    const to = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
    const settled = trc20('aa'.repeat(32), to, '12500000');
    tron.all.set(`${to}/trc20`, [trc20('bb'.repeat(32), to, '1'), settled, trc20('cc'.repeat(32), 'Tother', '5')]);
    tron.confirmed.set(`${to}/trc20`, [settled]);
    const client = createChainClient(source({ token: USDT_TRON }));
    expect(await incomingTo(client, to)).toEqual([
      { txid: 'bb'.repeat(32), position: 0, amount: '0.000001', confirmations: 0, blockTime: TRON_BLOCK_TIME },
      { txid: 'aa'.repeat(32), position: 0, amount: '12.5', confirmations: 19, blockTime: TRON_BLOCK_TIME },
    ]);
    await expect(client.probe()).resolves.toEqual(expect.any(Number));
  });

  it('reads TRC-20 transfers page by page back to the oldest ticket, so 250 newer ones hide no payment', async () => {
    const to = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
    const since = new Date(TRON_BLOCK_TIME.getTime() - 3_600_000);
    const paid = trc20('a0'.repeat(32), to, '12500000');
    const dust = Array.from({ length: 250 }, (_, i) =>
      trc20(`${'d0'.repeat(30)}${i.toString(16).padStart(4, '0')}`, to, '1'),
    );
    const older = { ...trc20('0f'.repeat(32), to, '7'), block_timestamp: since.getTime() - 1 };
    tron.all.set(`${to}/trc20`, [...dust, paid, older]);
    tron.confirmed.set(`${to}/trc20`, [...dust, paid, older]);
    tronPaths.length = 0;
    const { transfers, cursors } = await createChainClient(source({ token: USDT_TRON })).incoming([to], undefined, {
      of: new Map([[to, { cursor: null, since }]]),
      maxPages: 5,
    });
    expect(transfers.get(to)).toHaveLength(251);
    expect(transfers.get(to)).toContainEqual(
      expect.objectContaining({ txid: paid.transaction_id, amount: '12.5', confirmations: 19 }),
    );
    expect(tronPaths.filter((p) => !p.includes('only_confirmed'))).toHaveLength(2);
    expect(tronPaths.every((p) => p.includes(`min_timestamp=${since.getTime()}`))).toBe(true);
    // The next run asks only from the newest solidified transfer on.
    expect(cursors.get(to)).toEqual({ settledMs: TRON_BLOCK_TIME.getTime() });
  });

  it('reads TRX transfers, leaving out failed ones and other contracts', async () => {
    const to = 'TYJPRrdB5APNeRs4R7fYZSwW3TcrTKw2gx';
    const paid = trx('dd'.repeat(32), 'TransferContract', 1_500_000);
    tron.all.set(to, [
      paid,
      trx('ee'.repeat(32), 'TransferContract', 9, 'REVERT'),
      trx('ff'.repeat(32), 'TriggerSmartContract', 0),
    ]);
    tron.confirmed.set(to, []);
    expect(await incomingTo(createChainClient(source({})), to)).toEqual([
      { txid: 'dd'.repeat(32), position: 0, amount: '1.5', confirmations: 0, blockTime: TRON_BLOCK_TIME },
    ]);
  });

  it('reads ERC-20 Transfer logs to an address through eth_getLogs', async () => {
    const client = createChainClient(
      source({ chain: 'ethereum', apiUrl: `${base}/rpc`, token: USDT_ETH, confirmations: 12 }),
    );
    expect(await incomingTo(client, ETH_ADDRESS)).toEqual([
      { txid: `0x${'11'.repeat(32)}`, position: 7, amount: '250', confirmations: 12 },
    ]);
    const getLogs = rpcCalls.find((c) => c.method === 'eth_getLogs');
    expect(getLogs?.params).toEqual([
      {
        fromBlock: `0x${(ETH_TIP - 7_500).toString(16)}`,
        toBlock: 'latest',
        address: USDT_ETH,
        topics: [
          '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
          null,
          '0x0000000000000000000000009858effd232b4033e47d90003d41ec34ecaeda94',
        ],
      },
    ]);
  });
});

describe('one address and an amount tag', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ chainWatch: true });
    await ctx.database.db
      .update(currencies)
      .set({
        watchMode: 'amount_tag',
        watchChain: 'tron',
        watchAddress: SHARED,
        watchToken: USDT_TRON,
        watchDecimals: 6,
        watchApiUrl: base,
        watchConfirmations: 19,
      })
      .where(eq(currencies.code, 'USDTTRC20'));
    await ctx.app.services.catalog.changed();
  });
  afterAll(() => ctx.close());

  it('gives each ticket a sum of its own at the shared address and tells payments apart by it', async () => {
    const made = await Promise.all(
      [0, 1, 2].map(async () => {
        const res = await createTicket(ctx, usdtToBtc('0.01'));
        expect(res.statusCode).toBe(200);
        return res.json<{ id: string; give: { sum: string }; payTo: { value: string }[] }>();
      }),
    );
    expect(made.map((t) => t.payTo[0]!.value)).toEqual([SHARED, SHARED, SHARED]);
    const sums = made.map((t) => t.give.sum);
    expect(new Set(sums).size).toBe(3);

    // The second ticket's exact sum arrives, and a payment no ticket expects.
    const units = (sum: string) => sum.replace('.', '').replace(/^0+/, '') + '0000';
    const paid = trc20('ab'.repeat(32), SHARED, units(sums[1]!));
    tron.all.set(`${SHARED}/trc20`, [paid, trc20('cd'.repeat(32), SHARED, '7')]);
    tron.confirmed.set(`${SHARED}/trc20`, [paid]);
    const seen: Observation[] = [];
    await createChainWatcher({
      database: ctx.database,
      catalog: ctx.app.services.catalog,
      onObservation: async (o) => void seen.push(o),
    }).watch('tron');
    expect(seen).toEqual([
      expect.objectContaining({ ticketId: made[1]!.id, amount: sums[1], confirmations: 19, required: 19 }),
    ]);
  });
});
