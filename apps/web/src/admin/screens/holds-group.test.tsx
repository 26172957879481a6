import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@obmen/shared/i18n';
import { i18n, initI18n } from '../../lib/i18n';
import { loadConsoleCopy } from '../i18n';
import { HoldsGroupForm } from './holds-group';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(lang: Lang) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST' && url.pathname === '/api/admin/holds/cancel-group') {
        posted.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ cancelled: 25 }));
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
      <HoldsGroupForm />
    </QueryClientProvider>,
  );
  return posted;
}

describe('cancelling a group of holds (issue 42)', () => {
  it.each([
    ['ru', 'Диапазон адресов', 'Отменить группу', 'Адрес или диапазон, например 203.0.113.0/24 или 2001:db8::/32'],
    ['en', 'Address range', 'Cancel the group', 'An address or a range such as 203.0.113.0/24 or 2001:db8::/32'],
  ] as const)(
    'says what is wrong, then cancels the group once confirmed (%s)',
    async (lang, label, submit, badRange) => {
      const posted = await open(lang);
      const range = screen.getByLabelText(label);
      fireEvent.change(range, { target: { value: '198.51.100.0/33' } });
      fireEvent.click(screen.getByRole('button', { name: submit }));
      expect(await screen.findByText(badRange)).toBeTruthy();
      expect(posted).toEqual([]);

      fireEvent.change(range, { target: { value: '198.51.100.0/24' } });
      fireEvent.change(screen.getByLabelText(lang === 'ru' ? 'Старше, минут' : 'Older than, minutes'), {
        target: { value: '10' },
      });
      fireEvent.click(screen.getByRole('button', { name: submit }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain('198.51.100.0/24');
      fireEvent.click(
        [...dialog.querySelectorAll('button')].find((b) => b.textContent === submit) ?? dialog.querySelector('button')!,
      );
      await waitFor(() => expect(posted).toEqual([{ addressRange: '198.51.100.0/24', olderThanMinutes: 10 }]));
    },
  );

  it('asks for at least one of range, domain and age', async () => {
    const posted = await open('ru');
    fireEvent.click(screen.getByRole('button', { name: 'Отменить группу' }));
    expect(await screen.findByText('Укажите диапазон адресов, домен e-mail или возраст — хотя бы одно')).toBeTruthy();
    expect(posted).toEqual([]);
  });
});
