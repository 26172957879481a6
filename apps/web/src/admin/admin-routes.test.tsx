import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRole } from '@obmen/shared/contracts';
import { endSession, startSession } from '../features/auth/session';
import { initI18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { adminRoutes, STAFF_ROUTE_ID } from './admin-routes';

const QUEUE = { items: [], page: 1, perPage: 50, total: 0, counts: { new: 0, card_check: 0 } };

/** The API as the console sees it: who is signed in, their 2FA, the queue's counts, plus `extra` answers. */
function serve(role: UserRole, { twoFactor = true, extra = {} as Record<string, () => Response> } = {}) {
  const asked: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    asked.push(pathname);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    if (extra[pathname]) return extra[pathname]();
    if (pathname === '/api/v1/User/info') {
      return json({ username: 'ann', email: 'ann@obmen.test', lang: 'en', role, refId: 1, createdAt: '2025-01-01' });
    }
    if (pathname === '/api/v1/User/2fa') return json({ enabled: twoFactor, recoveryCodesLeft: 8 });
    if (pathname === '/api/admin/tickets') return json(QUEUE);
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return asked;
}

async function open(path: string) {
  const router = createMemoryRouter([adminRoutes], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const signIn = (role: UserRole) =>
  startSession({ access_token: `token-${role}`, username: 'ann', email: 'ann@obmen.test', lang: 'en', role });

beforeEach(async () => {
  // jsdom has no media queries; the console's frame asks whether it is on a phone.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  endSession();
  queryClient.clear();
  vi.unstubAllGlobals();
});

const staffArea = adminRoutes.children!.find((route) => route.id === STAFF_ROUTE_ID)!;

describe('the console’s routes', () => {
  it('has every screen as a route module with its loader and error boundary', async () => {
    expect(staffArea.children!.length).toBeGreaterThan(15);
    for (const route of staffArea.children!) {
      const module = (await (route.lazy as () => Promise<RouteObject>)()) as RouteObject;
      expect(module.loader, route.path).toBeTypeOf('function');
      expect(module.ErrorBoundary, route.path).toBeTypeOf('function');
    }
  });

  it('sends nobody signed in to the console’s login, which returns to the asked address', async () => {
    serve('operator');
    const router = await open('/admin/currencies');
    expect(await screen.findByRole('heading', { name: 'Console login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent('/admin/currencies')}`);
  });

  it('refuses a visitor’s account in the parent loader: no screen loads or asks for its data', async () => {
    const asked = serve('user');
    signIn('user');
    await open('/admin/currencies');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).toBeNull();
    expect(asked.filter((path) => path.startsWith('/api/admin/'))).toEqual([]);
  });

  it('asks staff without two-factor authentication to turn it on first', async () => {
    const asked = serve('admin', { twoFactor: false });
    signIn('admin');
    const router = await open('/admin/currencies');
    expect(await screen.findByRole('heading', { name: 'Turn on two-factor authentication' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/two-factor');
    expect(asked).not.toContain('/api/admin/currencies');
  });

  it('shows a screen whose loader failed as its own boundary, inside the console’s frame', async () => {
    serve('operator', { extra: { '/api/admin/currencies': () => new Response('{}', { status: 500 }) } });
    signIn('operator');
    await open('/admin/currencies');
    // The app's queries try a failed read once more before giving up.
    const main = await screen.findByRole('main', {}, { timeout: 5_000 });
    expect(await within(main).findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Console sections' })).toBeTruthy();
  });

  it('draws a screen from the data its loader read', async () => {
    const currency = { code: 'BTC', nameRu: 'Биткоин', nameEn: 'Bitcoin', valute: 'BTC', kind: 'crypto' };
    serve('operator', { extra: { '/api/admin/currencies': () => new Response(JSON.stringify([currency])) } });
    signIn('operator');
    await open('/admin/currencies');
    expect(await screen.findByRole('heading', { name: 'Currencies' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Console sections' })).toBeTruthy();
  });

  it('keeps the admins’ screens from an operator, inside the frame, without asking for their data', async () => {
    const asked = serve('operator');
    signIn('operator');
    await open('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Admins only' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Console sections' })).toBeTruthy();
    expect(asked).not.toContain('/api/admin/users');
  });
});
