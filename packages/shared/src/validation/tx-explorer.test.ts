import { describe, expect, it } from 'vitest';
import { explorerLink, isExplorerTemplate } from './tx-explorer';

const hex = 'a1b2c3d4'.repeat(8);

describe('explorer links', () => {
  it('link a hash of the currency’s network, and nothing else', () => {
    expect(explorerLink('https://mempool.space/tx/{txid}', 'hex64', ` ${hex} `)).toBe(
      `https://mempool.space/tx/${hex}`,
    );
    expect(explorerLink('https://etherscan.io/tx/{txid}', 'hex64Prefixed', `0x${hex}`)).toBe(
      `https://etherscan.io/tx/0x${hex}`,
    );
    expect(explorerLink('https://etherscan.io/tx/{txid}', 'hex64Prefixed', hex)).toBeNull();
    expect(explorerLink('https://mempool.space/tx/{txid}', 'hex64', `0x${hex}`)).toBeNull();
    expect(explorerLink('https://mempool.space/tx/{txid}', 'hex64', 'Перевод № 4471 от 12.03')).toBeNull();
    expect(explorerLink('https://mempool.space/tx/{txid}', 'hex64', `${hex}"><script>`)).toBeNull();
    expect(explorerLink('https://mempool.space/tx/{txid}', 'hex64', null)).toBeNull();
    expect(explorerLink('', 'hex64', hex)).toBeNull();
    const signature = `${'5VjcmHDyDSu4ph4KbPcK'.repeat(4)}5VjcmHDy`;
    expect(explorerLink('https://solscan.io/tx/{txid}', 'base58Signature', signature)).toBe(
      `https://solscan.io/tx/${signature}`,
    );
  });

  it('take only an http(s) template with one {txid}', () => {
    expect(isExplorerTemplate('https://tronscan.org/#/transaction/{txid}')).toBe(true);
    expect(isExplorerTemplate('https://mempool.space/tx/')).toBe(false);
    expect(isExplorerTemplate('https://x.test/{txid}/{txid}')).toBe(false);
    expect(isExplorerTemplate('javascript:alert({txid})')).toBe(false);
    expect(isExplorerTemplate('mempool.space/tx/{txid}')).toBe(false);
    // A template that is not a link never yields one, whoever stored it.
    expect(explorerLink('javascript:alert(1)//{txid}', 'hex64', hex)).toBeNull();
  });
});
