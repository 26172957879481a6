import { describe, expect, it } from 'vitest';
import { isValidAddress, type AddressFormat } from './addresses';

/** One character changed, as a typo would: the checksum must catch it. */
function typo(address: string, at = address.length - 3): string {
  const char = address[at]!;
  const swap = char === 'q' ? 'p' : char === 'Q' ? 'P' : char === '2' ? '3' : /[a-z]/.test(char) ? 'q' : '2';
  return address.slice(0, at) + swap + address.slice(at + 1);
}

// Test vectors from BIP 173 and BIP 350, EIP-55, and addresses published by the projects themselves.
const VALID: Record<AddressFormat, string[]> = {
  bitcoin: [
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    'bc1qnu9pg06nnsahwsuu44qxezd2jch0nkjfpw40ls',
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  ],
  litecoin: ['ltc1qm8m2vsdhgf0ad3qvuauf2kr5ec99t409m045cc'],
  ethereum: [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x4Bf10cc0a23A2037291C9a203995f6a83a14aF92',
    '0x52908400098527886e0f7030069857d2e4169ee7',
  ],
  tron: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TWtusZs7DuSbYojyi7NVNsnxmAooeMJSAc'],
  ton: [
    'UQCH2ds1UJ6upEQohJipcKpnqlTlWAwaVSPpUf62Ux3Lg7y4',
    'EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N',
    '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8',
  ],
  monero: [
    '44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A',
    '42KfupHwG3XWrJT3cCtcXr9t6fr2yqsoMLZh2zpuCZNvWVjDU65xdEod8Un5YDabve5LQGpgztQMC5Cf263rCqx88eF3VhP',
  ],
  solana: ['HsvfWBdSJCBQWoxoh8EKfDUqAF9sxJHoeQo1jGc6FmvQ', 'So11111111111111111111111111111111111111112'],
};

describe('isValidAddress', () => {
  for (const [format, addresses] of Object.entries(VALID) as [AddressFormat, string[]][]) {
    it(`accepts ${format} addresses as their network writes them`, () => {
      for (const address of addresses) expect(isValidAddress(format, address), address).toBe(true);
    });
  }

  it('refuses a SegWit address with one character mistyped (bech32 and bech32m checksums)', () => {
    expect(isValidAddress('bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(false);
    expect(isValidAddress('bitcoin', typo('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'))).toBe(
      false,
    );
    expect(isValidAddress('litecoin', typo('ltc1qm8m2vsdhgf0ad3qvuauf2kr5ec99t409m045cc'))).toBe(false);
  });

  it('refuses what BIP 350 calls invalid: the wrong checksum for the version, mixed case, another network', () => {
    // Version 0 with a bech32m checksum, version 1 with a bech32 one.
    expect(isValidAddress('bitcoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh')).toBe(false);
    expect(isValidAddress('bitcoin', 'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4')).toBe(false);
    expect(isValidAddress('bitcoin', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
    expect(isValidAddress('bitcoin', 'ltc1qm8m2vsdhgf0ad3qvuauf2kr5ec99t409m045cc')).toBe(false);
    expect(isValidAddress('litecoin', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false);
    expect(isValidAddress('bitcoin', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(false);
  });

  it('refuses base58check addresses with a typo or another network’s version byte', () => {
    expect(isValidAddress('bitcoin', typo('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'))).toBe(false);
    expect(isValidAddress('tron', typo('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'))).toBe(false);
    expect(isValidAddress('tron', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false);
    expect(isValidAddress('litecoin', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(false);
  });

  it('refuses a mixed-case Ethereum address whose case is not its EIP-55 checksum', () => {
    expect(isValidAddress('ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isValidAddress('ethereum', '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    expect(isValidAddress('ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toBe(false);
  });

  it('refuses TON, Monero and Solana addresses with a typo', () => {
    expect(isValidAddress('ton', typo('UQCH2ds1UJ6upEQohJipcKpnqlTlWAwaVSPpUf62Ux3Lg7y4', 10))).toBe(false);
    expect(
      isValidAddress(
        'monero',
        typo('44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A', 20),
      ),
    ).toBe(false);
    expect(isValidAddress('solana', 'HsvfWBdSJCBQWoxoh8EKfDUqAF9sxJHoeQo1jG')).toBe(false);
    expect(isValidAddress('solana', '0OIl')).toBe(false);
  });
});
