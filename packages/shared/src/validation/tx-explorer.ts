/**
 * Links from a payout's transaction hash to a block explorer. Each currency names the explorer's
 * transaction page as a template (`https://mempool.space/tx/{txid}`) and how its network writes a
 * hash; a reference that is not such a hash (a bank transfer number, a note) links nowhere.
 */

/** How transaction hashes look on a network. */
export const TX_HASH_FORMATS = {
  /** Bitcoin, Litecoin, TRON, Monero, TON: 64 hex digits. */
  hex64: /^[0-9a-fA-F]{64}$/,
  /** Ethereum and its tokens: 0x and 64 hex digits. */
  hex64Prefixed: /^0x[0-9a-fA-F]{64}$/,
  /** Solana: a signature of 64 bytes in base58 (87 or 88 characters). */
  base58Signature: /^[1-9A-HJ-NP-Za-km-z]{87,88}$/,
} as const;
export type TxHashFormat = keyof typeof TX_HASH_FORMATS;
export const TX_HASH_FORMAT_NAMES = Object.keys(TX_HASH_FORMATS) as [TxHashFormat, ...TxHashFormat[]];

const PLACEHOLDER = '{txid}';

/** An address on the web: http(s), a host, then a path with no spaces, quotes or angle brackets. */
const WEB_ADDRESS = /^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?([/?#][^\s"'<>`\\]*)?$/i;

/** An explorer template: an http(s) address with `{txid}` in it once. */
export function isExplorerTemplate(template: string): boolean {
  return template.split(PLACEHOLDER).length === 2 && WEB_ADDRESS.test(template.replace(PLACEHOLDER, 'txid'));
}

/** The explorer page of a payout, or null when there is no explorer or the reference is no hash of this network. */
export function explorerLink(template: string, format: TxHashFormat, reference: string | null): string | null {
  const hash = reference?.trim() ?? '';
  if (!template || !isExplorerTemplate(template) || !TX_HASH_FORMATS[format].test(hash)) return null;
  // A hash is letters and digits only; encoded all the same, so no reference can reach outside its slot.
  return template.replace(PLACEHOLDER, encodeURIComponent(hash));
}
