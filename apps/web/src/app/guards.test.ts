import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const INFO = {
  username: 'anna_k',
  email: 'a@example.com',
  lang: 'ru',
  role: 'user',
  refId: 1,
  createdAt: '2025-01-01',
};

/** A fresh page load at `path` with the app's real routes, in a memory router. */
async function openApp(path: string, { token }: { token?: string } = {}) {
  if (token) localStorage.setItem('access_token', token);
  vi.resetModules();
  const { initI18n } = await import('../lib/i18n');
  initI18n('ru');
  const { createMemoryRouter } = await import('react-router');
  const { routes } = await import('./router');
  const guards = await import('./guards');
  const session = await import('../features/auth/session');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  guards.installGuards(router);
  const settle = () => vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  return { router, guards, session, settle, path: () => router.state.location.pathname };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input.startsWith('/checktoken') || input.startsWith('/api/v1/User/info')) {
        return new Response(JSON.stringify(INFO), { status: 200 });
      }
      return new Response('[]', { status: 200 });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('navigation guards', () => {
  it('send a visitor from a user page to login and back there after it', async () => {
    const app = await openApp('/ru/');
    await app.router.navigate('/ru/user/tickets');
    await app.settle();
    expect(app.path()).toBe('/ru/login');
    expect(app.guards.takeReturnPath('ru')).toBe('/ru/user/tickets');
    // Read once: the next login goes home.
    expect(app.guards.takeReturnPath('ru')).toBe('/ru/');
  });

  it('do so for a user page opened directly, keeping the language', async () => {
    const app = await openApp('/en/user/promo');
    expect(app.path()).toBe('/en/login');
    expect(app.guards.takeReturnPath('en')).toBe('/en/user/promo');
  });

  it('remember the page a visitor came to login from, but not an auth page', async () => {
    const app = await openApp('/ru/news/5');
    await app.router.navigate('/ru/login');
    await app.settle();
    await app.router.navigate('/ru/register');
    await app.settle();
    expect(app.path()).toBe('/ru/register');
    // The language of the return is the one the user logs in with.
    expect(app.guards.takeReturnPath('en')).toBe('/en/news/5');
  });

  it('send a logged-in user away from login and register to home', async () => {
    const app = await openApp('/en/login', { token: 't1' });
    expect(app.path()).toBe('/en/');
    await app.router.navigate('/ru/register');
    await app.settle();
    expect(app.path()).toBe('/ru/');
  });

  it('let a logged-in user into the user area, and take them to login when the session ends there', async () => {
    const app = await openApp('/ru/user', { token: 't1' });
    expect(app.path()).toBe('/ru/user');
    app.session.endSession();
    await app.settle();
    await vi.waitFor(() => expect(app.path()).toBe('/ru/login'));
    expect(app.guards.takeReturnPath('ru')).toBe('/ru/user');
  });
});
