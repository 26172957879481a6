import { base58, base58xmr, base64, base64url, bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * What each network defines an address to be, beyond its look: the checksum a mistyped character
 * breaks. A requisite field of kind 'address' names its network's format; a pattern alone let a
 * bc1 address with one wrong letter through, and coins sent there are gone.
 */
export const ADDRESS_FORMATS = ['bitcoin', 'litecoin', 'ethereum', 'tron', 'ton', 'monero', 'solana'] as const;
export type AddressFormat = (typeof ADDRESS_FORMATS)[number];

const base58check = createBase58check(sha256);

/** base58check's payload, or null when the characters or the checksum are wrong. */
function base58checkPayload(value: string): Uint8Array | null {
  try {
    return base58check.decode(value);
  } catch {
    return null;
  }
}

/**
 * A SegWit address (BIP 173 / BIP 350): witness version 0 in bech32 with a 20- or 32-byte program,
 * versions 1–16 in bech32m with 2 to 40 bytes. One case only, as both BIPs require.
 */
function isSegwit(value: string, hrp: string): boolean {
  if (value !== value.toLowerCase() && value !== value.toUpperCase()) return false;
  const lower = value.toLowerCase();
  if (!lower.startsWith(`${hrp}1`)) return false;
  const decoded = bech32.decodeUnsafe(lower) ?? bech32m.decodeUnsafe(lower);
  if (!decoded || decoded.prefix !== hrp || decoded.words.length === 0) return false;
  const [version = -1, ...programWords] = decoded.words;
  const usedBech32m = !bech32.decodeUnsafe(lower);
  if (version > 16 || usedBech32m !== version > 0) return false;
  let program: Uint8Array;
  try {
    program = bech32.fromWords(programWords);
  } catch {
    return false;
  }
  if (version === 0) return program.length === 20 || program.length === 32;
  return program.length >= 2 && program.length <= 40;
}

/** A legacy address: base58check of a version byte this network uses and a 20-byte hash. */
function isBase58Versioned(value: string, versions: readonly number[]): boolean {
  const payload = base58checkPayload(value);
  return payload !== null && payload.length === 21 && versions.includes(payload[0]!);
}

/** EIP-55: a mixed-case address carries its checksum in the case of its letters; one case carries none. */
function isEthereum(value: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return false;
  const hex = value.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const hash = keccak_256(Uint8Array.from(hex.toLowerCase(), (c) => c.charCodeAt(0)));
  for (let i = 0; i < 40; i += 1) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    const char = hex[i]!;
    if (/[a-f]/i.test(char) && nibble >= 8 !== (char === char.toUpperCase())) return false;
  }
  return true;
}

/** CRC-16/XMODEM, the checksum of TON's user-friendly addresses. */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * TON: the raw form `workchain:hex`, or the user-friendly 48 characters of base64 (url-safe or
 * not) holding a flags byte (bounceable 0x11, non-bounceable 0x51, +0x80 on testnet), the
 * workchain, the 32-byte account and a CRC-16 of those 34 bytes.
 */
function isTon(value: string): boolean {
  if (/^(0|-1):[0-9a-fA-F]{64}$/.test(value)) return true;
  if (value.length !== 48) return false;
  let bytes: Uint8Array;
  try {
    bytes = /[-_]/.test(value) ? base64url.decode(value) : base64.decode(value);
  } catch {
    return false;
  }
  if (bytes.length !== 36 || ![0x11, 0x51].includes(bytes[0]! & 0x7f)) return false;
  if (bytes[1] !== 0x00 && bytes[1] !== 0xff) return false;
  return crc16(bytes.subarray(0, 34)) === ((bytes[34]! << 8) | bytes[35]!);
}

/**
 * Monero: its own base58 of a network byte (18 standard, 42 subaddress, 19 integrated with an
 * 8-byte payment id), two 32-byte keys, and the first 4 bytes of Keccak-256 over the rest.
 */
function isMonero(value: string): boolean {
  let bytes: Uint8Array;
  try {
    bytes = base58xmr.decode(value);
  } catch {
    return false;
  }
  const expected = bytes[0] === 19 ? 77 : 69;
  if (![18, 19, 42].includes(bytes[0]!) || bytes.length !== expected) return false;
  const body = bytes.subarray(0, expected - 4);
  const sum = keccak_256(body);
  return sum.subarray(0, 4).every((byte, i) => byte === bytes[expected - 4 + i]);
}

/** Solana: a 32-byte public key in base58 (the format defines no checksum; the length is what it has). */
function isSolana(value: string): boolean {
  try {
    return base58.decode(value).length === 32;
  } catch {
    return false;
  }
}

const CHECKS: Record<AddressFormat, (value: string) => boolean> = {
  bitcoin: (v) => isSegwit(v, 'bc') || isBase58Versioned(v, [0x00, 0x05]),
  // L (0x30) and M (0x32); 3 (0x05) is the P2SH form Litecoin used before M and still accepts.
  litecoin: (v) => isSegwit(v, 'ltc') || isBase58Versioned(v, [0x30, 0x32, 0x05]),
  ethereum: isEthereum,
  tron: (v) => isBase58Versioned(v, [0x41]),
  ton: isTon,
  monero: isMonero,
  solana: isSolana,
};

/** Whether `value` (already trimmed) is an address the network of `format` defines, checksum included. */
export function isValidAddress(format: AddressFormat, value: string): boolean {
  return CHECKS[format](value);
}

/** A stored or typed format name as a format, or undefined for "none" and anything unknown. */
export function addressFormatOf(name: string | undefined): AddressFormat | undefined {
  return ADDRESS_FORMATS.find((format) => format === name);
}
