import { HDKey } from '@scure/bip32';
import { bech32, createBase58check } from '@scure/base';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { CHAINS, type Chain } from '@obmen/shared';

export { CHAINS, type Chain };

const base58check = createBase58check(sha256);

/**
 * The public versions of the extended keys an operator's wallet exports: xpub and zpub for Bitcoin
 * (Electrum, Sparrow and hardware wallets write zpub for BIP84), Ltub and Mtub for Litecoin.
 * Only public keys: a private one (xprv…) is refused, the server never holds one.
 */
const PUBLIC_VERSIONS: Record<string, number> = {
  xpub: 0x0488b21e,
  zpub: 0x04b24746,
  Ltub: 0x019da462,
  Mtub: 0x01b26ef6,
};

export class ExtendedKeyError extends Error {
  override name = 'ExtendedKeyError';
}

/** The account's extended public key (m/84'/0'/0', m/44'/195'/0', m/44'/60'/0'…) as a key to derive from. */
export function parseExtendedPublicKey(text: string): HDKey {
  let version: number;
  try {
    const raw = base58check.decode(text.trim());
    if (raw.length !== 78) throw new ExtendedKeyError('not an extended key');
    version = ((raw[0]! << 24) | (raw[1]! << 16) | (raw[2]! << 8) | raw[3]!) >>> 0;
  } catch {
    throw new ExtendedKeyError('not an extended key (base58check)');
  }
  if (!Object.values(PUBLIC_VERSIONS).includes(version)) {
    throw new ExtendedKeyError('not an extended public key (xpub, zpub, Ltub or Mtub)');
  }
  // The version says only how the key is written; the key itself is the same secp256k1 point.
  return HDKey.fromExtendedKey(text.trim(), { public: version, private: 0 });
}

function hash160(bytes: Uint8Array): Uint8Array {
  return ripemd160(sha256(bytes));
}

function segwitAddress(prefix: string, publicKey: Uint8Array): string {
  const words = bech32.toWords(hash160(publicKey));
  return bech32.encode(prefix, [0, ...words]);
}

/** The last 20 bytes of keccak-256 of the uncompressed point: the account both Ethereum and TRON use. */
function keccakAccount(publicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

/** EIP-55: the hex address with the letters whose keccak nibble is 8 or more in capitals. */
export function toChecksumAddress(account: Uint8Array): string {
  const hex = bytesToHex(account);
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(hex)));
  let out = '0x';
  for (let i = 0; i < hex.length; i += 1) out += Number.parseInt(hash[i]!, 16) >= 8 ? hex[i]!.toUpperCase() : hex[i];
  return out;
}

/** TRON writes the same 20 bytes after 0x41, in base58check. */
export function toTronAddress(account: Uint8Array): string {
  return base58check.encode(Uint8Array.from([0x41, ...account]));
}

/** A compressed public key's address on a chain. */
export function addressOf(chain: Chain, publicKey: Uint8Array): string {
  switch (chain) {
    case 'bitcoin':
      return segwitAddress('bc', publicKey);
    case 'litecoin':
      return segwitAddress('ltc', publicKey);
    case 'ethereum':
      return toChecksumAddress(keccakAccount(publicKey));
    case 'tron':
      return toTronAddress(keccakAccount(publicKey));
  }
}

/** The receiving address number `index` of an account key: its external chain, …/0/index. */
export function deriveAddress(chain: Chain, extendedKey: string, index: number): string {
  const child = parseExtendedPublicKey(extendedKey).deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new ExtendedKeyError('the key gave no public key');
  return addressOf(chain, child.publicKey);
}
