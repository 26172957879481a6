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
  await initI18n('ru');
  const { createMemoryRouter } = await import('react-router');
  const { routes } = await import('./routes');
  const guards = await import('./guards');
  const session = await import('../features/auth/session');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  guards.installGuards(router);
  await vi.waitFor(() => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true));
  return { router, guards, session, path: () => router.state.location.pathname };
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
    await app.router.navigate('/ru/register');
    expect(app.path()).toBe('/ru/register');
    // The language of the return is the one the user logs in with.
    expect(app.guards.takeReturnPath('en')).toBe('/en/news/5');
  });

  it('remember the site’s page a login opened as a new page load came from, not another site or an auth page', async () => {
    const referrer = vi.spyOn(document, 'referrer', 'get');
    try {
      for (const [from, back] of [
        [`${window.location.origin}/en/faq`, '/en/faq'],
        ['https://elsewhere.example/en/faq', '/en/'],
        [`${window.location.origin}/en/register`, '/en/'],
        ['', '/en/'],
      ] as const) {
        sessionStorage.clear();
        referrer.mockReturnValue(from);
        const app = await openApp('/en/login');
        expect(app.path()).toBe('/en/login');
        expect(app.guards.takeReturnPath('en'), from).toBe(back);
      }
    } finally {
      referrer.mockRestore();
    }
  });

  it('send a logged-in user away from login and register to home', async () => {
    const app = await openApp('/en/login', { token: 't1' });
    expect(app.path()).toBe('/en/');
    await app.router.navigate('/ru/register');
    expect(app.path()).toBe('/ru/');
  });

  it('let a logged-in user into the user area, and take them to login when the session ends there', async () => {
    const app = await openApp('/ru/user', { token: 't1' });
    expect(app.path()).toBe('/ru/user');
    app.session.endSession();
    await vi.waitFor(() => expect(app.path()).toBe('/ru/login'));
    expect(app.guards.takeReturnPath('ru')).toBe('/ru/user');
  });
});

describe('the conversion guard', () => {
  /** The site status the server gives: 204 while exchanges run, 503 while they are paused. */
  function siteState(status: 204 | 503) {
    const fallback = vi.mocked(fetch).getMockImplementation()!;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (input === '/api/v1/SiteState') {
          return status === 204
            ? new Response(null, { status })
            : new Response(JSON.stringify({ header: 'Технический перерыв', text: 'Скоро вернёмся' }), { status });
        }
        return fallback(input, init);
      }),
    );
  }

  for (const path of [
    '/ru/ticket/create',
    '/ru/ticket/abc/payment_info',
    '/en/ticket/abc/card_check',
    '/en/ticket/abc/card_verify',
  ]) {
    it(`sends ${path} home while exchanges are paused, waiting for the first status answer`, async () => {
      siteState(503);
      const app = await openApp(path);
      expect(app.path()).toBe(path.startsWith('/en') ? '/en/' : '/ru/');
    });
  }

  it('lets the pages open while exchanges run, and closes them once paused', async () => {
    siteState(204);
    const app = await openApp('/ru/ticket/create');
    expect(app.path()).toBe('/ru/ticket/create');
    await app.router.navigate('/ru/ticket/abc/payment_info');
    expect(app.path()).toBe('/ru/ticket/abc/payment_info');

    siteState(503);
    const { checkSiteStatus } = await import('../lib/site-status');
    await checkSiteStatus();
    await app.router.navigate('/ru/ticket/abc/card_check');
    expect(app.path()).toBe('/ru/');
    // Other pages stay open.
    await app.router.navigate('/ru/ticket/abc');
    expect(app.path()).toBe('/ru/ticket/abc');
  });
});
