import { Decimal } from '@obmen/shared';
import { fetchWithRetry, type RetryOptions } from '../rates/fetch-with-retry';
import type { Chain } from './addresses';
import {
  HISTORY_PAGES,
  readEsploraHistory,
  type AddressHistory,
  type HistoryCursor,
  type HistoryRead,
} from './address-history';

/** One incoming transfer to an address, as the chain API tells it. */
export interface IncomingTransfer {
  txid: string;
  /** The output index (Bitcoin), the log index (Ethereum), 0 on TRON (one transfer per transaction). */
  position: number;
  /** Exact decimal text in the currency's own unit (BTC, not satoshi). */
  amount: string;
  /** 0 while unconfirmed. */
  confirmations: number;
  /** When its block was made, where the API says: a payment the watcher first sees late is not late for that. */
  blockTime?: Date;
  /** Its block's number, where a block scan found it. */
  block?: number;
}

export interface ChainSource {
  chain: Chain;
  apiUrl: string;
  /** A token's contract; empty for the network's own coin. */
  token: string;
  /** Decimals of the integer amounts the API reports. */
  decimals: number;
  /** What counts as settled: TRON's solidified transactions are given this many. */
  confirmations: number;
}

/** Where a block scan (plain ETH) goes on from: the last block an earlier run read, and how far one run reads. */
export interface BlockScan {
  /** Null on the first run, or when nothing was watched since. */
  last: number | null;
  /** New blocks one run reads at most. */
  maxBlocks: number;
}

export interface Incoming {
  /** Each asked address's transfers, under the address as asked. */
  transfers: Map<string, IncomingTransfer[]>;
  /** The last block read, for the next run's scan; null where the API lists an address's transfers. */
  scanned: number | null;
  /** Where each address's history was read to, for the next run: kept once this run's reports are taken. */
  cursors: Map<string, HistoryCursor>;
}

export interface ChainClient {
  /** Whether it reads whole blocks from a place kept between runs (plain ETH), rather than lists per address. */
  readonly scansBlocks: boolean;
  /** `history`: where the last run left each address, for APIs that list an address's history in pages. */
  incoming(addresses: readonly string[], scan?: BlockScan, history?: HistoryRead): Promise<Incoming>;
  /** Asks for the chain's height: throws when the source does not answer. */
  probe(): Promise<number>;
}

/** An integer amount in the chain's smallest unit (satoshi, sun, wei) as exact decimal text. */
export function fromUnits(units: string | bigint, decimals: number): string {
  return new Decimal(units.toString()).div(new Decimal(10).pow(decimals)).toFixed();
}

const ERC20_TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
// eth_getLogs looks this far back: a day of 12-second blocks and the payment window, rounded up.
export const ETHEREUM_LOOKBACK_BLOCKS = 7_500;
// New blocks one run of a plain ETH scan reads (CHAIN_SCAN_BLOCKS): 10 minutes of blocks, a few MB.
export const ETHEREUM_SCAN_BLOCKS = 50;

const millisecondsToDate = (ms: number | undefined) =>
  typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? new Date(ms) : undefined;
const secondsToDate = (seconds: number | undefined) =>
  millisecondsToDate(seconds === undefined ? undefined : seconds * 1000);

const hex = (n: number) => `0x${n.toString(16)}`;

const join = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

interface TronTrc20Transfer {
  transaction_id: string;
  to: string;
  type: string;
  value: string;
  block_timestamp?: number;
  token_info: { address: string };
}

interface TronTransaction {
  txID: string;
  block_timestamp?: number;
  ret?: { contractRet?: string }[];
  raw_data: {
    contract: { type: string; parameter: { value: { amount?: number | string; to_address?: string } } }[];
  };
}

interface EthereumBlock {
  number: string;
  hash: string;
  timestamp: string;
  transactions: { hash: string; to: string | null; value: string }[];
}

interface EthereumLog {
  transactionHash: string;
  logIndex: string;
  blockNumber: string | null;
  /** Given by newer nodes (Geth ≥ 1.16, Erigon, Reth); absent elsewhere. */
  blockTimestamp?: string;
  data: string;
  removed?: boolean;
}

/** The answers of one watcher run: the tip is asked once, each address once. */
export function createChainClient(source: ChainSource, retry: RetryOptions = {}): ChainClient {
  const get = async <T>(path: string): Promise<T> =>
    (await (await fetchWithRetry(join(source.apiUrl, path), retry)).json()) as T;
  let tip: Promise<number> | null = null;

  const esploraTip = () =>
    (tip ??= fetchWithRetry(join(source.apiUrl, '/blocks/tip/height'), retry)
      .then((r) => r.text())
      .then((text) => {
        const height = Number.parseInt(text.trim(), 10);
        if (!Number.isSafeInteger(height)) throw new Error(`the tip height "${text.slice(0, 40)}" is no number`);
        return height;
      }));

  async function rpc<T>(method: string, params: unknown[]): Promise<T> {
    const response = await fetchWithRetry(source.apiUrl, { ...retry, json: { jsonrpc: '2.0', id: 1, method, params } });
    const body = (await response.json()) as { result?: T; error?: { message?: string } };
    if (body.error || body.result === undefined) throw new Error(`${method}: ${body.error?.message ?? 'no result'}`);
    return body.result;
  }
  const ethereumTip = () => (tip ??= rpc<string>('eth_blockNumber', []).then((number) => Number(BigInt(number))));

  /**
   * Which TRON transactions are solidified (irreversible): TronGrid answers them apart. Each list is
   * read page by page (`meta.fingerprint`) back to `min_timestamp`: a busy address's first 200 must
   * not hide a payment.
   */
  async function tronPair<T>(
    path: string,
    idOf: (item: T) => string,
    timeOf: (item: T) => number | undefined,
    from: number,
    maxPages: number,
  ) {
    const list = async (only: string) => {
      const items: T[] = [];
      let fingerprint: string | undefined;
      for (let page = 0; ; page += 1) {
        if (page >= maxPages) throw new Error(`more than ${maxPages} pages of transfers at ${path.split('?')[0]}`);
        const answer = await get<{ data?: T[]; meta?: { fingerprint?: string } }>(
          `${path}${only}&min_timestamp=${from}${fingerprint ? `&fingerprint=${encodeURIComponent(fingerprint)}` : ''}`,
        );
        items.push(...(answer.data ?? []));
        fingerprint = answer.meta?.fingerprint;
        if (!fingerprint || (answer.data ?? []).length === 0) return items;
      }
    };
    const [all, confirmed] = await Promise.all([list(''), list('&only_confirmed=true')]);
    const settled = new Set(confirmed.map(idOf));
    // Solidification goes block by block: everything before the newest solidified transfer is settled.
    const settledMs = Math.max(from, ...confirmed.map((item) => timeOf(item) ?? 0));
    return { transfers: all.map((item) => ({ item, settled: settled.has(idOf(item)) })), settledMs };
  }

  const scansBlocks = source.chain === 'ethereum' && !source.token;

  return {
    scansBlocks,

    async probe() {
      if (source.chain === 'ethereum') return ethereumTip();
      if (source.chain === 'tron') {
        const block = await get<{ block_header?: { raw_data?: { number?: number } } }>('/wallet/getnowblock');
        const number = block.block_header?.raw_data?.number;
        if (typeof number !== 'number') throw new Error('getnowblock gave no block');
        return number;
      }
      return esploraTip();
    },

    async incoming(addresses, scan = { last: null, maxBlocks: ETHEREUM_SCAN_BLOCKS }, history) {
      if (scansBlocks) return scanEthereumBlocks(addresses, scan);
      const transfers = new Map<string, IncomingTransfer[]>();
      const cursors = new Map<string, HistoryCursor>();
      for (const address of addresses) {
        const read = await incomingTo(address, history?.of.get(address), history?.maxPages ?? HISTORY_PAGES);
        transfers.set(address, read.transfers);
        if (read.cursor) cursors.set(address, read.cursor);
      }
      return { transfers, scanned: null, cursors };
    },
  };

  async function incomingTo(
    address: string,
    history: AddressHistory = { cursor: null, since: new Date(0) },
    maxPages: number,
  ): Promise<{ transfers: IncomingTransfer[]; cursor?: HistoryCursor }> {
    switch (source.chain) {
      case 'bitcoin':
      case 'litecoin': {
        const tip = esploraTip();
        const [height, { txs, cursor }] = await Promise.all([
          tip,
          readEsploraHistory(get, address, tip, source.confirmations, history, maxPages),
        ]);
        const transfers = txs.flatMap((tx) =>
          tx.vout.flatMap((out, position) =>
            out.scriptpubkey_address === address
              ? [
                  {
                    txid: tx.txid,
                    position,
                    amount: fromUnits(BigInt(out.value), source.decimals),
                    confirmations:
                      tx.status.confirmed && tx.status.block_height !== undefined
                        ? Math.max(0, height - tx.status.block_height + 1)
                        : 0,
                    blockTime: secondsToDate(tx.status.confirmed ? tx.status.block_time : undefined),
                  },
                ]
              : [],
          ),
        );
        return { transfers, cursor };
      }
      case 'tron': {
        // Asked from the newest solidified transfer the last run saw, or from how far back anything matters.
        const from = Math.max(history.since.getTime(), history.cursor?.settledMs ?? 0);
        if (source.token) {
          const path = `/v1/accounts/${address}/transactions/trc20?only_to=true&limit=200&contract_address=${source.token}`;
          const read = await tronPair<TronTrc20Transfer>(
            path,
            (t) => t.transaction_id,
            (t) => t.block_timestamp,
            from,
            maxPages,
          );
          const transfers = read.transfers
            .filter(({ item }) => item.type === 'Transfer' && item.to === address)
            .map(({ item, settled }) => ({
              txid: item.transaction_id,
              position: 0,
              amount: fromUnits(BigInt(item.value), source.decimals),
              confirmations: settled ? source.confirmations : 0,
              blockTime: millisecondsToDate(item.block_timestamp),
            }));
          return { transfers, cursor: { settledMs: read.settledMs } };
        }
        const path = `/v1/accounts/${address}/transactions?only_to=true&limit=200`;
        const read = await tronPair<TronTransaction>(
          path,
          (t) => t.txID,
          (t) => t.block_timestamp,
          from,
          maxPages,
        );
        const transfers = read.transfers.flatMap(({ item, settled }) => {
          const contract = item.raw_data.contract[0];
          const amount = contract?.parameter.value.amount;
          const succeeded = (item.ret?.[0]?.contractRet ?? 'SUCCESS') === 'SUCCESS';
          if (contract?.type !== 'TransferContract' || amount === undefined || !succeeded) return [];
          return [
            {
              txid: item.txID,
              position: 0,
              amount: fromUnits(BigInt(amount), source.decimals),
              confirmations: settled ? source.confirmations : 0,
              blockTime: millisecondsToDate(item.block_timestamp),
            },
          ];
        });
        return { transfers, cursor: { settledMs: read.settledMs } };
      }
      case 'ethereum': {
        // eth_getLogs answers every log of the range or an error, never a first page: nothing to page.
        const height = await ethereumTip();
        const logs = await rpc<EthereumLog[]>('eth_getLogs', [
          {
            fromBlock: hex(Math.max(0, height - ETHEREUM_LOOKBACK_BLOCKS)),
            toBlock: 'latest',
            address: source.token,
            topics: [ERC20_TRANSFER, null, `0x${'0'.repeat(24)}${address.slice(2).toLowerCase()}`],
          },
        ]);
        const transfers = logs
          .filter((log) => !log.removed)
          .map((log) => ({
            txid: log.transactionHash,
            position: Number(BigInt(log.logIndex)),
            amount: fromUnits(BigInt(log.data === '0x' ? 0 : log.data), source.decimals),
            confirmations: log.blockNumber === null ? 0 : Math.max(0, height - Number(BigInt(log.blockNumber)) + 1),
            blockTime: secondsToDate(log.blockTimestamp === undefined ? undefined : Number(BigInt(log.blockTimestamp))),
          }));
        return { transfers };
      }
    }
  }

  /**
   * Plain ETH: JSON-RPC lists no transfers to an address, so the blocks since the last run are read
   * whole and their transactions matched by recipient. Blocks short of the threshold are read again
   * each run: a transfer whose block was replaced (a reorganisation) is then missing, and reported gone.
   */
  async function scanEthereumBlocks(addresses: readonly string[], scan: BlockScan): Promise<Incoming> {
    const height = await ethereumTip();
    // A cursor past the tip is another network's or a lagging node's: start as on a first run.
    const last = scan.last === null || scan.last > height ? height : scan.last;
    const byRecipient = new Map(addresses.map((address) => [address.toLowerCase(), address]));
    const transfers = new Map(addresses.map((address): [string, IncomingTransfer[]] => [address, []]));
    const to = Math.min(height, last + scan.maxBlocks);
    for (let number = Math.max(0, last - source.confirmations + 1); number <= to; number += 1) {
      const block = await rpc<EthereumBlock | null>('eth_getBlockByNumber', [hex(number), true]);
      if (!block) throw new Error(`eth_getBlockByNumber: no block ${number} below the tip ${height}`);
      for (const tx of block.transactions) {
        const address = tx.to === null ? undefined : byRecipient.get(tx.to.toLowerCase());
        const wei = BigInt(tx.value);
        if (address === undefined || wei === 0n) continue;
        transfers.get(address)!.push({
          txid: tx.hash,
          position: 0,
          amount: fromUnits(wei, source.decimals),
          confirmations: height - number + 1,
          blockTime: secondsToDate(Number(BigInt(block.timestamp))),
          block: number,
        });
      }
    }
    return { transfers, scanned: to, cursors: new Map() };
  }
}
