import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TICKET_STATUSES } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { endSession, startSession } from '../../features/auth/session';
import { i18n, initI18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { adminRoutes } from '../admin-routes';

// Issue 48: the queue has a tab of the tickets on AML review, with their count.

const counts = { ...Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0])), on_review: 3 };

function serve() {
  const queries: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const json = (body: unknown) => new Response(JSON.stringify(body));
      if (url.pathname === '/api/v1/User/info') {
        return json({
          username: 'ann',
          email: 'ann@obmen.test',
          lang: 'en',
          role: 'operator',
          refId: 1,
          createdAt: '2025-01-01',
        });
      }
      if (url.pathname === '/api/v1/User/2fa') return json({ enabled: true, recoveryCodesLeft: 8 });
      if (url.pathname === '/api/admin/tickets') {
        queries.push(url.searchParams.get('status') ?? '');
        return json({ items: [], page: 1, perPage: 50, total: 0, counts, excessRefundsOwed: 0, unreadThreads: 0 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  return queries;
}

beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});
afterEach(() => {
  cleanup();
  endSession();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('the queue’s On review tab', () => {
  it.each([
    ['en', 'AML review'],
    ['ru', 'Проверка AML'],
  ] as const)('lists the tickets on AML review with their count (%s)', async (lang: Lang, name) => {
    const queries = serve();
    await initI18n(lang);
    await i18n.loadLater();
    startSession({ access_token: 'token-op', username: 'ann', email: 'ann@obmen.test', lang, role: 'operator' });
    const router = createMemoryRouter([adminRoutes], { initialEntries: ['/admin/tickets'] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const tab = await screen.findByRole('button', { name: `${name}3` }, { timeout: 5000 });
    fireEvent.click(tab);
    await waitFor(() => expect(queries).toContain('on_review'));
    expect(tab.getAttribute('aria-pressed')).toBe('true');
  });
});
