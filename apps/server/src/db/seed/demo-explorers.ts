import type { TxHashFormat } from '@obmen/shared';

/**
 * Where the demo's coins are looked up: each network's common public explorer and how it writes a
 * transaction hash. A payout reference of that shape links there on the ticket pages.
 */
export const DEMO_EXPLORERS: Record<string, { explorerTxUrl: string; txHashFormat: TxHashFormat }> = {
  BTC: { explorerTxUrl: 'https://mempool.space/tx/{txid}', txHashFormat: 'hex64' },
  LTC: { explorerTxUrl: 'https://litecoinspace.org/tx/{txid}', txHashFormat: 'hex64' },
  ETH: { explorerTxUrl: 'https://etherscan.io/tx/{txid}', txHashFormat: 'hex64Prefixed' },
  USDTERC20: { explorerTxUrl: 'https://etherscan.io/tx/{txid}', txHashFormat: 'hex64Prefixed' },
  USDCERC20: { explorerTxUrl: 'https://etherscan.io/tx/{txid}', txHashFormat: 'hex64Prefixed' },
  USDTTRC20: { explorerTxUrl: 'https://tronscan.org/#/transaction/{txid}', txHashFormat: 'hex64' },
  TRX: { explorerTxUrl: 'https://tronscan.org/#/transaction/{txid}', txHashFormat: 'hex64' },
  TON: { explorerTxUrl: 'https://tonviewer.com/transaction/{txid}', txHashFormat: 'hex64' },
  XMR: { explorerTxUrl: 'https://xmrchain.net/tx/{txid}', txHashFormat: 'hex64' },
  SOL: { explorerTxUrl: 'https://solscan.io/tx/{txid}', txHashFormat: 'base58Signature' },
};
