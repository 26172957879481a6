import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  browserHistory,
  createMemoryRouter,
  Link,
  memoryHistory,
  Navigate,
  NavLink,
  redirect,
  Router,
  RouterProvider,
  ScrollRestoration,
  useLocation,
  type Location,
} from '.';

/** A promise settled from outside: a page whose code is still downloading. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

afterEach(cleanup);

describe('the router', () => {
  it('shows a page only once it is resolved, with a new key per entry', async () => {
    const page = deferred<string>();
    const router = new Router(memoryHistory(['/ru/']), ({ pathname }) =>
      pathname === '/ru/faq' ? page.promise : pathname,
    ).start();
    await router.ready;
    const first = router.state!.location.key;
    const going = router.navigate('/ru/faq?q=1#top');
    expect(router.location.pathname).toBe('/ru/');
    page.resolve('faq page');
    await going;
    expect(router.state).toMatchObject({
      view: 'faq page',
      action: 'push',
      location: { pathname: '/ru/faq', search: '?q=1', hash: '#top' },
    });
    expect(router.state!.location.key).not.toBe(first);
  });

  it('lets the last navigation win when an earlier one resolves later', async () => {
    const slow = deferred<string>();
    const router = new Router(memoryHistory(['/']), ({ pathname }) =>
      pathname === '/slow' ? slow.promise : pathname,
    ).start();
    const first = router.navigate('/slow');
    await router.navigate('/fast');
    slow.resolve('slow page');
    await first;
    expect(router.state!.view).toBe('/fast');
  });

  it('follows redirects to the address they name, thrown or returned', async () => {
    const history = memoryHistory(['/']);
    const push = vi.spyOn(history, 'push');
    const router = new Router(history, ({ pathname }) => {
      if (pathname === '/user') throw redirect('/login');
      if (pathname === '/old') return redirect('/user');
      return pathname;
    }).start();
    await router.navigate('/old', { state: { from: 'test' } });
    expect(router.location).toMatchObject({ pathname: '/login', state: null });
    // Only the address finally shown enters the history.
    expect(push).toHaveBeenCalledTimes(1);
    expect(push.mock.calls[0]![0].pathname).toBe('/login');
  });

  it('gives up on a redirect loop instead of hanging', async () => {
    const router = new Router(memoryHistory(['/a']), ({ pathname }) => redirect(pathname === '/a' ? '/b' : '/a'));
    await expect(router.navigate('/a')).rejects.toThrow(/Too many redirects/);
  });

  it('keeps the page shown when a page cannot be resolved', async () => {
    const router = new Router(memoryHistory(['/']), ({ pathname }) => {
      if (pathname === '/broken') return Promise.reject(new Error('chunk failed'));
      return pathname;
    }).start();
    await router.ready;
    await expect(router.navigate('/broken')).rejects.toThrow('chunk failed');
    expect(router.location.pathname).toBe('/');
  });

  it('resolves relative addresses and address parts against the current one', async () => {
    const router = createMemoryRouter(['/ru/news?page=2']);
    await router.navigate({ search: '?page=3' });
    expect(router.location).toMatchObject({ pathname: '/ru/news', search: '?page=3' });
    await router.navigate('5');
    expect(router.location).toMatchObject({ pathname: '/ru/5', search: '' });
    await router.navigate({ pathname: '/en/news', search: 'page=1', hash: 'top' });
    expect(router.location).toMatchObject({ pathname: '/en/news', search: '?page=1', hash: '#top' });
  });
});

describe("the browser's history", () => {
  beforeEach(() => window.history.replaceState(null, '', '/ru/'));

  it('keeps each entry’s key and state, and follows back and forward', async () => {
    const router = new Router(browserHistory(), (location: Location) => location.pathname).start();
    await router.ready;
    const opened = router.location.key;
    // The opened entry gets a key of its own, so a reload can find its scroll position.
    expect(window.history.state).toMatchObject({ key: opened });
    await router.navigate('/ru/faq', { state: { fromPage: 2 } });
    expect(window.location.pathname).toBe('/ru/faq');
    expect(window.history.state).toMatchObject({ key: router.location.key, usr: { fromPage: 2 } });

    // Back: the browser has moved; the router shows that entry again, with its key.
    window.history.replaceState({ key: opened, usr: null }, '', '/ru/');
    await act(async () => {
      window.dispatchEvent(new PopStateEvent('popstate'));
      await Promise.resolve();
    });
    expect(router.state).toMatchObject({ action: 'pop', location: { pathname: '/ru/', key: opened } });
    router.stop();
  });
});

function Where() {
  const { pathname, search } = useLocation();
  return <output>{pathname + search}</output>;
}

function renderAt(path: string, children: React.ReactNode) {
  const router = createMemoryRouter([path]);
  render(
    <RouterProvider router={router}>
      {children}
      <Where />
    </RouterProvider>,
  );
  return router;
}

describe('links', () => {
  it('navigate in the app on a plain click and leave other clicks to the browser', async () => {
    const router = renderAt(
      '/ru/',
      <>
        <Link to="/ru/faq">FAQ</Link>
        <Link to="/ru/rules" target="_blank">
          Rules
        </Link>
        <Link to="https://t.me/obmen_support">Telegram</Link>
      </>,
    );
    const push = vi.spyOn(router, 'navigate');
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/ru/faq');

    fireEvent.click(screen.getByRole('link', { name: 'FAQ' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'Rules' }));
    expect(screen.getByRole('link', { name: 'Telegram' }).getAttribute('href')).toBe('https://t.me/obmen_support');
    fireEvent.click(screen.getByRole('link', { name: 'Telegram' }));
    expect(push).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    });
    expect(screen.getByRole('status').textContent).toBe('/ru/faq');
    expect(push).toHaveBeenCalledWith(
      { pathname: '/ru/faq', search: '', hash: '' },
      expect.objectContaining({ replace: false }),
    );

    // A link to the page already shown replaces its entry instead of adding one.
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    });
    expect(push).toHaveBeenLastCalledWith(expect.anything(), expect.objectContaining({ replace: true }));
  });

  it('mark the page shown, and the section it is under unless told `end`', () => {
    renderAt(
      '/ru/user/tickets',
      <>
        <NavLink to="/ru/user">Section</NavLink>
        <NavLink to="/ru/user" end>
          Settings
        </NavLink>
        <NavLink to="/ru/user/tickets">Tickets</NavLink>
        <NavLink to="/ru/us">Prefix only</NavLink>
      </>,
    );
    const current = (name: string) => screen.getByRole('link', { name }).getAttribute('aria-current');
    expect(current('Section')).toBe('page');
    expect(current('Settings')).toBeNull();
    expect(current('Tickets')).toBe('page');
    expect(current('Prefix only')).toBeNull();
  });

  it('Navigate sends the visitor on, replacing the entry', async () => {
    const router = renderAt('/ru/ticket/create', <Navigate to="/ru/" replace />);
    await vi.waitFor(() => expect(router.location.pathname).toBe('/ru/'));
    expect(router.state!.action).toBe('replace');
  });
});

describe('scroll positions', () => {
  let scrollY = 0;
  const scrollTo = vi.fn((_x: number, y: number) => {
    scrollY = y;
  });

  beforeEach(() => {
    sessionStorage.clear();
    scrollY = 0;
    scrollTo.mockClear();
    vi.stubGlobal('scrollTo', scrollTo);
    Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  });

  afterEach(() => vi.unstubAllGlobals());

  it('ignore a stored value that is not a table of positions', () => {
    sessionStorage.setItem('scroll-positions', 'null');
    const router = createMemoryRouter(['/ru/faq']);
    render(
      <RouterProvider router={router}>
        <ScrollRestoration />
      </RouterProvider>,
    );
    scrollY = 300;
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(sessionStorage.getItem('scroll-positions')!)).toEqual({ [router.location.key]: 300 });
  });

  it('open new pages at the top, keep the place when asked, and return to it on back', async () => {
    const history = memoryHistory(['/ru/faq']);
    // Back and forward, as the browser would report them.
    let pop: (location: Location) => void = () => undefined;
    vi.spyOn(history, 'listen').mockImplementation((onPop) => {
      pop = onPop;
      return () => undefined;
    });
    const router = new Router(history, (location: Location) => location.pathname).start();
    render(
      <RouterProvider router={router}>
        <ScrollRestoration />
      </RouterProvider>,
    );
    const faq = router.location.key;
    scrollY = 640;
    window.dispatchEvent(new Event('scroll'));

    await act(() => router.navigate('/ru/rules'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollY = 200;
    window.dispatchEvent(new Event('scroll'));
    scrollTo.mockClear();
    await act(() => router.navigate('/ru/rules?lang', { preventScrollReset: true }));
    expect(scrollTo).not.toHaveBeenCalled();

    // Back to the FAQ's entry: where the reader left it.
    await act(async () => {
      pop({ pathname: '/ru/faq', search: '', hash: '', state: null, key: faq });
      await Promise.resolve();
    });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);

    // Kept over a reload of the tab.
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(sessionStorage.getItem('scroll-positions')!)).toMatchObject({ [faq]: 640 });
  });
});
