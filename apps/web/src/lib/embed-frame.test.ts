import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearDraft, loadDraft, saveDraft } from './exchange-draft';
import { embedPagePath, readEmbedParams } from './embed-frame';

const defaults = { lang: 'ru', theme: 'light' } as const;

describe('the widget’s address', () => {
  it('reads the partner, language, theme, pair and amount it names', () => {
    expect(readEmbedParams('?partner=1001&lang=en&theme=dark&from=btc&to=USDTTRC20&amount=0,05', defaults)).toEqual({
      partner: '1001',
      lang: 'en',
      theme: 'dark',
      search: 'partner=1001&lang=en&theme=dark',
      pair: { give: 'BTC', get: 'USDTTRC20' },
      amount: '0.05',
    });
  });

  it('falls back to the defaults for anything it does not know, never an error', () => {
    expect(readEmbedParams('?partner=1001;drop&lang=de&theme=neon&from=BTC&to=BTC&amount=-5', defaults)).toEqual({
      partner: '',
      lang: 'ru',
      theme: 'light',
      search: 'lang=ru&theme=light',
      pair: null,
      amount: '',
    });
    expect(readEmbedParams('?from=<script>&to=BTC&amount=0', defaults)).toMatchObject({ pair: null, amount: '' });
  });

  it('keeps the flow’s pages in the widget, with its parameters', () => {
    const frame = { partner: '1001', lang: 'en', theme: 'dark', search: 'partner=1001&lang=en&theme=dark' } as const;
    expect(embedPagePath(frame, 'home')).toBe('/embed?partner=1001&lang=en&theme=dark');
    expect(embedPagePath(frame, 'home_with_currencies', { pair: 'BTC--USDT' })).toBe(
      '/embed/BTC--USDT?partner=1001&lang=en&theme=dark',
    );
    expect(embedPagePath(frame, 'payment_info', { id: 'a b' })).toBe(
      '/embed/ticket/a%20b/payment_info?partner=1001&lang=en&theme=dark',
    );
  });
});

describe('the converter’s draft where storage is blocked', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lives for the page, so the converter still leads on to ticket creation', () => {
    const blocked = () => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: blocked, setItem: blocked, removeItem: blocked });
    expect(loadDraft()).toBeNull();
    const draft = {
      giveName: 'BTC',
      getName: 'USDTTRC20',
      giveSum: '0.05',
      getSum: '',
      direction: 'sell' as const,
      useFixed: false,
      promocode: '',
      quote: null,
    };
    saveDraft(draft);
    expect(loadDraft()).toMatchObject(draft);
    clearDraft();
    expect(loadDraft()).toBeNull();
  });
});
