import { Decimal } from '@obmen/shared';
import { fetchWithRetry, type RetryOptions } from '../rates/fetch-with-retry';
import type { Chain } from './addresses';

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
}

export interface ChainClient {
  /** Whether it reads whole blocks from a place kept between runs (plain ETH), rather than lists per address. */
  readonly scansBlocks: boolean;
  incoming(addresses: readonly string[], scan?: BlockScan): Promise<Incoming>;
  /** Asks for the chain's height: throws when the source does not answer. */
  probe(): Promise<void>;
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

interface EsploraTx {
  txid: string;
  status: { confirmed: boolean; block_height?: number; block_time?: number };
  vout: { scriptpubkey_address?: string; value: number }[];
}

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

  /** Which TRON transactions are solidified (irreversible): TronGrid answers them apart. */
  async function tronPair<T>(path: string, idOf: (item: T) => string) {
    const separator = path.includes('?') ? '&' : '?';
    const [all, confirmed] = await Promise.all([
      get<{ data?: T[] }>(path),
      get<{ data?: T[] }>(`${path}${separator}only_confirmed=true`),
    ]);
    const settled = new Set((confirmed.data ?? []).map(idOf));
    return (all.data ?? []).map((item) => ({ item, settled: settled.has(idOf(item)) }));
  }

  const scansBlocks = source.chain === 'ethereum' && !source.token;

  return {
    scansBlocks,

    async probe() {
      if (source.chain === 'ethereum') await ethereumTip();
      else if (source.chain === 'tron') {
        const block = await get<{ block_header?: { raw_data?: { number?: number } } }>('/wallet/getnowblock');
        if (typeof block.block_header?.raw_data?.number !== 'number') throw new Error('getnowblock gave no block');
      } else await esploraTip();
    },

    async incoming(addresses, scan = { last: null, maxBlocks: ETHEREUM_SCAN_BLOCKS }) {
      if (scansBlocks) return scanEthereumBlocks(addresses, scan);
      const transfers = new Map<string, IncomingTransfer[]>();
      for (const address of addresses) transfers.set(address, await incomingTo(address));
      return { transfers, scanned: null };
    },
  };

  async function incomingTo(address: string): Promise<IncomingTransfer[]> {
    switch (source.chain) {
      case 'bitcoin':
      case 'litecoin': {
        const [height, txs] = await Promise.all([esploraTip(), get<EsploraTx[]>(`/address/${address}/txs`)]);
        return txs.flatMap((tx) =>
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
      }
      case 'tron': {
        if (source.token) {
          const path = `/v1/accounts/${address}/transactions/trc20?only_to=true&limit=200&contract_address=${source.token}`;
          const transfers = await tronPair<TronTrc20Transfer>(path, (t) => t.transaction_id);
          return transfers
            .filter(({ item }) => item.type === 'Transfer' && item.to === address)
            .map(({ item, settled }) => ({
              txid: item.transaction_id,
              position: 0,
              amount: fromUnits(BigInt(item.value), source.decimals),
              confirmations: settled ? source.confirmations : 0,
              blockTime: millisecondsToDate(item.block_timestamp),
            }));
        }
        const path = `/v1/accounts/${address}/transactions?only_to=true&limit=200`;
        const txs = await tronPair<TronTransaction>(path, (t) => t.txID);
        return txs.flatMap(({ item, settled }) => {
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
      }
      case 'ethereum': {
        const height = await ethereumTip();
        const logs = await rpc<EthereumLog[]>('eth_getLogs', [
          {
            fromBlock: hex(Math.max(0, height - ETHEREUM_LOOKBACK_BLOCKS)),
            toBlock: 'latest',
            address: source.token,
            topics: [ERC20_TRANSFER, null, `0x${'0'.repeat(24)}${address.slice(2).toLowerCase()}`],
          },
        ]);
        return logs
          .filter((log) => !log.removed)
          .map((log) => ({
            txid: log.transactionHash,
            position: Number(BigInt(log.logIndex)),
            amount: fromUnits(BigInt(log.data === '0x' ? 0 : log.data), source.decimals),
            confirmations: log.blockNumber === null ? 0 : Math.max(0, height - Number(BigInt(log.blockNumber)) + 1),
            blockTime: secondsToDate(log.blockTimestamp === undefined ? undefined : Number(BigInt(log.blockTimestamp))),
          }));
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
    return { transfers, scanned: to };
  }
}
