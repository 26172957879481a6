import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayoutSettings } from '@obmen/shared/admin';
import type { Lang } from '@obmen/shared/i18n';
import { i18n, initI18n } from '../../lib/i18n';
import { loadConsoleCopy } from '../i18n';
import { PayoutSettingsForm } from './payout-settings-form';

const ELECTRUM: AdminPayoutSettings = {
  currencyCode: 'BTC',
  valute: 'BTC',
  mode: 'electrum',
  electrum: { url: 'http://127.0.0.1:7777', username: 'obmen' },
  binance: null,
  storedSecrets: ['password'],
  limits: {
    maxPerTicket: '0.5',
    maxPerDay: null,
    maxPerCustomerDay: null,
    fourEyesAbove: null,
    firstExchangeDelayMinutes: 60,
  },
  updatedAt: '2026-11-26T10:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(lang: Lang, settings: AdminPayoutSettings) {
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'PUT' && url.pathname === `/api/admin/payout-settings/${settings.currencyCode}`) {
        saved.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify(settings));
      }
      throw new Error(`unexpected call ${init?.method ?? 'GET'} ${url.pathname}`);
    }),
  );
  await initI18n(lang);
  // The console loads the catalog's later part (the shared admin.* messages) before it draws.
  await i18n.loadLater();
  loadConsoleCopy();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <PayoutSettingsForm settings={settings} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return saved;
}

const save = (lang: Lang) =>
  fireEvent.click(screen.getByRole('button', { name: lang === 'ru' ? 'Сохранить' : 'Save' }));

describe('a currency’s payout settings', () => {
  it('says which secrets are stored and sends none it was not given', async () => {
    const saved = await open('en', ELECTRUM);
    const password = screen.getByLabelText('RPC password') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('stored');
    expect(screen.getByText('Stored. Leave it empty to keep it; a new value replaces it.')).toBeTruthy();
    expect(screen.getByText('Not stored.')).toBeTruthy();
    save('en');
    await waitFor(() =>
      expect(saved).toEqual([
        {
          mode: 'electrum',
          electrum: { url: 'http://127.0.0.1:7777', username: 'obmen' },
          credentials: {},
          limits: {
            maxPerTicket: '0.5',
            maxPerDay: null,
            maxPerCustomerDay: null,
            fourEyesAbove: null,
            firstExchangeDelayMinutes: 60,
          },
        },
      ]),
    );
  });

  it('sends a secret that was typed, and only the chosen provider’s', async () => {
    const saved = await open('en', { ...ELECTRUM, mode: 'manual', electrum: null, storedSecrets: [] });
    expect(screen.queryByLabelText('API key')).toBeNull();
    fireEvent.change(screen.getByLabelText('Payout mode'), { target: { value: 'binance' } });
    expect((screen.getByLabelText('Coin') as HTMLInputElement).value).toBe('BTC');
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: 'BTC' } });
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'key-1' } });
    save('en');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      mode: 'binance',
      binance: { baseUrl: 'https://api.binance.com', coin: 'BTC', network: 'BTC' },
      credentials: { apiKey: 'key-1' },
      limits: expect.objectContaining({ maxPerTicket: '0.5' }) as unknown,
    });
  });

  it.each([
    ['ru', 'Два оператора свыше, BTC', 'Не может быть меньше лимита на заявку'],
    ['en', 'Two operators above, BTC', 'Must not be below the limit per ticket'],
  ] as const)('refuses a four-eyes threshold below the limit per ticket (%s)', async (lang, label, error) => {
    const saved = await open(lang, ELECTRUM);
    fireEvent.change(screen.getByLabelText(label), { target: { value: '0.1' } });
    save(lang);
    expect(await screen.findByText(error)).toBeTruthy();
    expect(saved).toEqual([]);
    fireEvent.change(screen.getByLabelText(label), { target: { value: '2' } });
    save(lang);
    await waitFor(() =>
      expect(saved).toEqual([expect.objectContaining({ limits: expect.objectContaining({ fourEyesAbove: '2' }) })]),
    );
  });
});
