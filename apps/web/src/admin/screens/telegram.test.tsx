import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@obmen/shared/i18n';
import { TELEGRAM_ALERT_KINDS, type TelegramAlertSettings } from '@obmen/shared/admin';
import { initI18n } from '../../lib/i18n';
import { loadConsoleCopy } from '../i18n';
import { AlertSettings, MyChat } from './telegram';

const link = 'https://t.me/obmen_bot?start=BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const settings: TelegramAlertSettings = {
  kinds: Object.fromEntries(TELEGRAM_ALERT_KINDS.map((k) => [k, true])) as TelegramAlertSettings['kinds'],
  reserveBelow: { USDTTRC20: '1000' },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function serve(lang: Lang) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (method === 'POST' && url.pathname === '/api/admin/telegram/link') {
        return new Response(JSON.stringify({ url: link, expiresAt: new Date().toISOString() }));
      }
      if (method === 'PUT' && url.pathname === '/api/admin/telegram/alerts') return new Response(String(init!.body));
      return new Response(JSON.stringify({ enabled: true, botUsername: 'obmen_bot', linked: false, settings }));
    }),
  );
  vi.stubGlobal('open', vi.fn());
  await initI18n(lang);
  loadConsoleCopy();
  return calls;
}

const wrap = (children: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
);

describe('the console’s Telegram screen (issue 46)', () => {
  it('links this operator’s chat with a one-time deep link (ru)', async () => {
    const calls = await serve('ru');
    render(wrap(<MyChat state={{ enabled: true, botUsername: 'obmen_bot', linked: false, settings }} />));
    expect(screen.getByText('Не подключён')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Подключить Telegram' }));
    expect((await screen.findByRole('link', { name: 'Открыть Telegram' })).getAttribute('href')).toBe(link);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/admin/telegram/link');
  });

  it('lets an admin turn a kind off and set a reserve threshold, refusing a malformed line (en)', async () => {
    const calls = await serve('en');
    render(wrap(<AlertSettings settings={settings} admin />));
    fireEvent.click(screen.getByLabelText('A new paid ticket'));
    const thresholds = screen.getByLabelText('Reserve thresholds');
    expect((thresholds as HTMLTextAreaElement).value).toBe('USDTTRC20 1000');
    fireEvent.change(thresholds, { target: { value: 'BTC half' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      screen.getByText('Each line is a currency code and an amount with a space between, such as “BTC 0.5”.'),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.change(thresholds, { target: { value: 'BTC 0.5\nUSDTTRC20 1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      kinds: { ...settings.kinds, ticket_paid: false },
      reserveBelow: { BTC: '0.5', USDTTRC20: '1000' },
    });
  });

  it('shows an operator the settings without letting them change them (ru)', async () => {
    await serve('ru');
    render(wrap(<AlertSettings settings={settings} admin={false} />));
    expect(screen.getByText('Менять список может администратор.')).toBeTruthy();
    expect((screen.getByLabelText('Новая оплаченная заявка') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
  });
});
