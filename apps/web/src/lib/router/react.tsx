import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { matchPageRoute, type PageMatch } from '@obmen/shared/routing';
import {
  createPath,
  memoryHistory,
  resolveTo,
  Router,
  type Location,
  type NavigateOptions,
  type RouterState,
  type To,
} from './router';

interface RouterContextValue {
  router: Router<unknown>;
  location: Location;
  state: RouterState<unknown> | null;
}

const RouterContext = createContext<RouterContextValue | null>(null);

type ProviderProps<View> =
  | { router: Router<View>; render: (view: View) => ReactNode; children?: never }
  | { router: Router<View>; render?: never; children: ReactNode };

/** Gives the pages the router's location; draws `render(view)` for the resolved page, or `children`. */
export function RouterProvider<View>({ router, render, children }: ProviderProps<View>) {
  const subscribe = useCallback((onChange: () => void) => router.subscribe(onChange), [router]);
  const state = useSyncExternalStore(subscribe, () => router.state);
  const location = state?.location ?? router.location;
  const value = useMemo(
    () => ({ router: router as unknown as Router<unknown>, location, state: state as RouterState<unknown> | null }),
    [router, location, state],
  );
  return (
    <RouterContext.Provider value={value}>{render ? state && render(state.view) : children}</RouterContext.Provider>
  );
}

/** A router in memory at `initialEntries` (the last is current), showing whatever it is given. */
export function createMemoryRouter(initialEntries: readonly string[] = ['/']): Router<null> {
  return new Router(memoryHistory(initialEntries), () => null).start();
}

/** For component tests: renders `children` at an address, with navigation kept in memory. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter(initialEntries));
  return <RouterProvider router={router}>{children}</RouterProvider>;
}

function useRouterContext(): RouterContextValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('Navigation needs a RouterProvider around it');
  return value;
}

export const useLocation = (): Location => useRouterContext().location;

export function useNavigate(): (to: To, options?: NavigateOptions) => Promise<void> {
  const { router } = useRouterContext();
  return useCallback((to, options) => router.navigate(to, options), [router]);
}

/** The site's page at the current address (shared page table), or null on the not-found page. */
export function usePageMatch(): PageMatch | null {
  const { pathname } = useLocation();
  return useMemo(() => matchPageRoute(pathname), [pathname]);
}

export function useParams(): Record<string, string> {
  return usePageMatch()?.params ?? {};
}

export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export interface LinkProps extends AnchorProps, NavigateOptions {
  to: To;
}

/** A plain left click, not taken yet: one the app may handle (a modified click opens a tab or window). */
export function isPlainClick(event: MouseEvent<Element>): boolean {
  return (
    !event.defaultPrevented && event.button === 0 && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** An `<a href>` that navigates in the app on a plain click; a link to the page shown replaces it. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, preventScrollReset, onClick, target, ...rest },
  ref,
) {
  const { router, location } = useRouterContext();
  // Another site (`https://…`, `mailto:`, `//host`) is the browser's to open.
  const external = typeof to === 'string' && /^([a-z][a-z\d+.-]*:|\/\/)/i.test(to);
  const path = resolveTo(to, location);
  const href = external ? to : createPath(path);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // Another site, another tab or window, or a download, is the browser's to handle.
    const elsewhere =
      external || (target !== undefined && target !== '_self') || event.currentTarget.hasAttribute('download');
    if (!isPlainClick(event) || elsewhere) return;
    event.preventDefault();
    void router.navigate(path, { replace: replace ?? createPath(location) === href, state, preventScrollReset });
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={follow} />;
});

export interface NavLinkProps extends LinkProps {
  /** Active only on exactly this address, not below it. */
  end?: boolean;
}

/** A link marked `aria-current="page"` while its address (or, without `end`, one below it) is shown. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ end = false, ...rest }, ref) {
  const { location } = useRouterContext();
  const target = resolveTo(rest.to, location).pathname.toLowerCase();
  const current = location.pathname.toLowerCase();
  // `/ru/` is the parent of `/ru/faq`: its trailing slash is the separator.
  const separator = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = current === target || (!end && current.startsWith(target) && current.charAt(separator) === '/');
  return <Link {...rest} ref={ref} aria-current={active ? 'page' : undefined} />;
});

/** Navigates when drawn (a page that belongs elsewhere sends the visitor there). */
export function Navigate({ to, replace }: { to: To; replace?: boolean }) {
  const { router, location } = useRouterContext();
  const path = createPath(resolveTo(to, location));
  useEffect(() => {
    void router.navigate(path, { replace });
  }, [router, path, replace]);
  return null;
}

const SCROLL_POSITIONS = 'scroll-positions';

function readPositions(): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS) ?? '{}');
    return stored !== null && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function anchorId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * New pages open at the top, or at their `#hash`; back, forward and a reload return to where the
 * reader was on that entry. Positions are kept per history entry, in session storage over reloads.
 */
export function ScrollRestoration() {
  const { location, state } = useRouterContext();
  const [positions] = useState(readPositions);
  const shownKey = useRef<string | null>(null);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      if (shownKey.current) positions[shownKey.current] = window.scrollY;
    };
    const store = () => {
      try {
        sessionStorage.setItem(SCROLL_POSITIONS, JSON.stringify(positions));
      } catch {
        // Storage full or refused: positions are then kept for this page's life only.
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', store);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', store);
      window.history.scrollRestoration = 'auto';
    };
  }, [positions]);

  useLayoutEffect(() => {
    const first = shownKey.current === null;
    shownKey.current = location.key;
    const saved = positions[location.key];
    if ((first || state?.action === 'pop') && saved !== undefined) return window.scrollTo(0, saved);
    const anchor = location.hash && document.getElementById(anchorId(location.hash));
    if (anchor) return anchor.scrollIntoView();
    if (!first && !state?.preventScrollReset) window.scrollTo(0, 0);
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps -- once per history entry

  return null;
}
