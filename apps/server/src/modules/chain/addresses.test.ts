import { HDKey } from '@scure/bip32';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { deriveAddress, parseExtendedPublicKey, toChecksumAddress, toTronAddress } from './addresses';

// BIP39's "abandon … about" wallet: the vectors below are published for it (BIP84, Ian Coleman's tool).
const MNEMONIC = `${'abandon '.repeat(11)}about`;
const seed = pbkdf2(sha512, MNEMONIC, 'mnemonic', { c: 2048, dkLen: 64 });
const root = HDKey.fromMasterSeed(seed);
/** The account key an operator exports, written as a plain xpub. */
const accountXpub = (path: string) => root.derive(path).publicExtendedKey;

// BIP84's own test vector: the account's zpub and its first two receiving addresses.
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

describe('watch-only addresses', () => {
  it('derives BIP84 receiving addresses from the zpub of the published vector', () => {
    expect(deriveAddress('bitcoin', BIP84_ZPUB, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(deriveAddress('bitcoin', BIP84_ZPUB, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    // The same account written as an xpub is the same key.
    expect(deriveAddress('bitcoin', accountXpub("m/84'/0'/0'"), 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });

  it("derives Litecoin native segwit addresses (m/84'/2'/0')", () => {
    const xpub = accountXpub("m/84'/2'/0'");
    expect(deriveAddress('litecoin', xpub, 0)).toBe('ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh');
    expect(deriveAddress('litecoin', xpub, 1)).toBe('ltc1qwlezpr3890hcp6vva9twqh27mr6edadreqvhnn');
  });

  it("derives EIP-55 Ethereum addresses (m/44'/60'/0')", () => {
    expect(deriveAddress('ethereum', accountXpub("m/44'/60'/0'"), 0)).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
  });

  it("derives TRON addresses in base58check (m/44'/195'/0')", () => {
    const xpub = accountXpub("m/44'/195'/0'");
    expect(deriveAddress('tron', xpub, 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(deriveAddress('tron', xpub, 1)).toBe('TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK');
  });

  it('writes checksums and TRON addresses as their specifications do (second route)', () => {
    // EIP-55's own examples.
    expect(toChecksumAddress(hexToBytes('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'))).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect(toChecksumAddress(hexToBytes('fb6916095ca1df60bb79ce92ce3ea74c37c5d359'))).toBe(
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    );
    // TRON's documented pair for the USDT contract: hex 41a614f8…13c is TR7NHqje…Lj6t.
    expect(toTronAddress(hexToBytes('a614f803b6fd780986a42c78ec9c7f77e6ded13c'))).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
  });

  it('refuses a private key and what is no extended key at all', () => {
    expect(() => parseExtendedPublicKey(root.derive("m/84'/0'/0'").privateExtendedKey)).toThrow(/public/);
    expect(() => parseExtendedPublicKey('zpub-nonsense')).toThrow(/extended key/);
  });
});
