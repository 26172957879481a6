import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Receipt, ReceiptKeys, ReceiptVerdict, ReceiptVerdictReason } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { i18n, initI18n } from '../../lib/i18n';
import { Component as VerifyPage } from './verify';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const receipt: Receipt = {
  version: 1,
  site: 'https://obmen.example',
  ticket: 100042,
  give: { currency: 'USDTTRC20', amount: '1000.00' },
  get: { currency: 'BTC', amount: '0.01000000' },
  rate: '0.00001',
  txids: { deposit: ['c'.repeat(64)], payout: 'b'.repeat(64) },
  createdAt: '2026-11-27T10:00:00.000Z',
  paidAt: '2026-11-27T10:10:00.000Z',
  completedAt: '2026-11-27T10:30:00.000Z',
};

const keys: ReceiptKeys = {
  keys: [
    {
      kty: 'OKP',
      crv: 'Ed25519',
      x: 'new-key-x',
      kid: 'rk_new',
      use: 'sig',
      alg: 'EdDSA',
      createdAt: '2026-11-27T00:00:00.000Z',
      retiredAt: null,
    },
    {
      kty: 'OKP',
      crv: 'Ed25519',
      x: 'old-key-x',
      kid: 'rk_old',
      use: 'sig',
      alg: 'EdDSA',
      createdAt: '2026-01-01T00:00:00.000Z',
      retiredAt: '2026-11-27T00:00:00.000Z',
    },
  ],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The server, as far as the page asks it: the keys, and a verdict of `reason` for any text. */
function stubServer(reason: ReceiptVerdictReason) {
  const sent: { text: string; lang: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url.includes('obmen-receipt-keys.json')) return json(keys);
      const headers = init.headers as Record<string, string>;
      sent.push({
        text: (JSON.parse(init.body as string) as { text: string }).text,
        lang: headers['accept-language'] ?? null,
      });
      const verdict: ReceiptVerdict = {
        valid: reason === 'valid',
        reason,
        message: 'the server’s own words',
        keyId: reason === 'malformed' ? null : 'rk_old',
        receipt: reason === 'valid' ? receipt : null,
      };
      return json(verdict);
    }),
  );
  return sent;
}

async function openPage(lang: Lang) {
  // /verify's texts come with the catalog's later part, loaded with the page's module (routes.tsx).
  await i18n.loadLater();
  await initI18n(lang);
  await i18n.changeLanguage(lang);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/${lang}/verify`]}>
        <VerifyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function check(text: string) {
  fireEvent.change(screen.getByLabelText(/JSON/), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: /Проверить|Check/ }));
  return (await screen.findByTestId('verdict')).textContent;
}

describe('the verify page', () => {
  it.each([
    ['ru', 'valid', 'Подлинная. Квитанция подлинная: её подписал этот обменник', 'Она подтверждает обмен № 100042'],
    ['en', 'valid', 'Valid. The receipt is genuine: this exchanger signed it', 'It proves exchange No. 100042'],
    ['ru', 'altered', 'Не подлинная. Содержимое квитанции изменено после подписи', null],
    ['en', 'altered', 'Not valid. The receipt was changed after it was signed', null],
    ['ru', 'bad_signature', 'Не подлинная. Подпись не совпадает', null],
    ['en', 'bad_signature', 'Not valid. The signature does not match', null],
    [
      'ru',
      'unknown_key',
      'Не подлинная. Квитанция подписана ключом, которого этот обменник никогда не публиковал',
      null,
    ],
    ['en', 'unknown_key', 'Not valid. The receipt is signed with a key this exchanger never published', null],
    ['ru', 'malformed', 'Не подлинная. Это не JSON', null],
    ['en', 'malformed', 'Not valid. This is not JSON', null],
    ['en', 'not_a_receipt', 'Not valid. This is JSON but not an exchanger’s receipt', null],
  ] as const)('in %s, says %s and why', async (lang, reason, says, proves) => {
    const sent = stubServer(reason);
    await openPage(lang);
    const verdict = await check('{"receipt":{}}');
    expect(verdict).toContain(says);
    if (proves) expect(verdict).toContain(proves);
    else expect(verdict).not.toMatch(/№ 100042|No\. 100042/);
    // The server decides, asked in the page's language with the text as pasted.
    expect(sent).toEqual([{ text: '{"receipt":{}}', lang }]);
  });

  it('checks a chosen file as it is read, and asks for a receipt rather than checking nothing', async () => {
    const sent = stubServer('valid');
    await openPage('en');
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('alert').textContent).toBe('Paste a receipt or choose its file');
    expect(sent).toEqual([]);
    const file = new File(['{"from":"the file"}'], 'receipt-100042.json', { type: 'application/json' });
    fireEvent.change(screen.getByLabelText(/choose the file/), { target: { files: [file] } });
    expect((await screen.findByTestId('verdict')).textContent).toContain('Valid.');
    expect(sent).toEqual([{ text: '{"from":"the file"}', lang: 'en' }]);
  });

  it('shows the published keys, the active one and the retired one that still verifies', async () => {
    stubServer('valid');
    await openPage('ru');
    const list = await screen.findByTestId('receipt-keys');
    expect(list.textContent).toContain('rk_new · подписывает сейчас');
    expect(list.textContent).toContain('rk_old · заменён');
    expect(list.textContent).toContain('x = old-key-x');
  });
});
