import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '@obmen/shared/i18n';
import { i18n, initI18n } from '../../lib/i18n';
import { loadConsoleCopy } from '../i18n';
import { AmlSettings } from './aml-settings-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(lang: Lang) {
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/admin/aml/settings') throw new Error(`unexpected call ${url.pathname}`);
      if (init?.method === 'PUT') {
        saved.push(JSON.parse(String(init.body)));
        return new Response(String(init.body));
      }
      return new Response(JSON.stringify({ reviewScore: 75, refuseScore: 90, reviewHours: 24 }));
    }),
  );
  await initI18n(lang);
  await i18n.loadLater();
  loadConsoleCopy();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AmlSettings />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return saved;
}

describe('the AML settings (issue 48)', () => {
  it.each([
    ['ru', 'Отказывать адресу получения от оценки', 'Порог отказа не может быть ниже порога проверки', 'Сохранить'],
    ['en', 'Refuse a payout address from score', 'The refusal threshold cannot be below the review threshold', 'Save'],
  ] as const)(
    'refuses a refusal threshold below the review one and saves a good pair (%s)',
    async (lang, label, error, button) => {
      const saved = await open(lang);
      const refuse = await screen.findByLabelText<HTMLInputElement>(label);
      expect(refuse.value).toBe('90');
      fireEvent.change(refuse, { target: { value: '50' } });
      fireEvent.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByText(error)).toBeTruthy();
      expect(saved).toEqual([]);
      fireEvent.change(refuse, { target: { value: '95' } });
      fireEvent.click(screen.getByRole('button', { name: button }));
      await waitFor(() => expect(saved).toEqual([{ reviewScore: 75, refuseScore: 95, reviewHours: 24 }]));
    },
  );
});
