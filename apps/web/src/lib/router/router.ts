/**
 * The visitor site's router: a location, the page resolved for it, and navigation between them.
 * A navigation resolves its page first (the page's code, its checks, its language) and only then
 * changes the address and the screen, so a page never draws before it may or half-loaded; the
 * last navigation started wins. It replaced React Router's data router (issue 11): the site's page
 * table is fixed and matched by shared code (`matchPageRoute`), and React Router was a third of
 * every page's first script. The operator console keeps React Router inside its own chunk.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation carried along (a link's `state`); kept in the history entry. */
  state: unknown;
  /** Unique per history entry: new for every push or replace, the same again on back and forward. */
  key: string;
}

export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Keep the scroll position (a pair switch, a language switch) instead of opening at the top. */
  preventScrollReset?: boolean;
}

export type NavigationAction = 'push' | 'replace' | 'pop';

/** Thrown or returned by a page's resolution: go to `to` instead (the address becomes that one). */
export class Redirect {
  constructor(readonly to: string) {}
}

export const redirect = (to: string) => new Redirect(to);

export interface RouterState<View> {
  location: Location;
  view: View;
  action: NavigationAction;
  preventScrollReset: boolean;
}

/** Where locations live: the browser's history, or a list in memory (tests). */
export interface History {
  current(): Location;
  push(location: Location): void;
  replace(location: Location): void;
  /** Back and forward: calls `onPop` with the location now current. */
  listen(onPop: (location: Location) => void): () => void;
}

type Path = Pick<Location, 'pathname' | 'search' | 'hash'>;

/** `search` and `hash` are kept as the browser gives them: empty, or with their `?` and `#`. */
export const createPath = ({ pathname, search, hash }: Path) => pathname + search + hash;

const withPrefix = (value: string | undefined, prefix: string) =>
  !value || value === prefix ? '' : value.startsWith(prefix) ? value : prefix + value;

/** Where `to` leads from `from`: a string is an absolute or relative URL, an object replaces parts. */
export function resolveTo(to: To, from: Path): Path {
  if (typeof to === 'string') {
    const url = new URL(to, `http://site.invalid${createPath(from)}`);
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  }
  return {
    pathname: to.pathname ?? from.pathname,
    search: withPrefix(to.search ?? (to.pathname === undefined ? from.search : ''), '?'),
    hash: withPrefix(to.hash, '#'),
  };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

interface EntryState {
  key: string;
  usr: unknown;
}

export function browserHistory(): History {
  const read = (): Location => {
    const entry = (window.history.state ?? null) as Partial<EntryState> | null;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  const entry = (location: Location): EntryState => ({ key: location.key, usr: location.state });
  return {
    current: read,
    push: (location) => window.history.pushState(entry(location), '', createPath(location)),
    replace: (location) => window.history.replaceState(entry(location), '', createPath(location)),
    listen: (onPop) => {
      const handler = () => onPop(read());
      window.addEventListener('popstate', handler);
      return () => window.removeEventListener('popstate', handler);
    },
  };
}

/** A history in memory: for component tests, which render at an address without a browser URL. */
export function memoryHistory(initialEntries: readonly string[] = ['/']): History {
  const root = { pathname: '/', search: '', hash: '' };
  const entries: Location[] = initialEntries.map((path, i) => ({
    ...resolveTo(path, root),
    state: null,
    key: `m${i}`,
  }));
  let index = entries.length - 1;
  return {
    current: () => entries[index]!,
    push: (location) => {
      entries.splice(index + 1, entries.length, location);
      index = entries.length - 1;
    },
    replace: (location) => {
      entries[index] = location;
    },
    listen: () => () => undefined,
  };
}

export type Resolve<View> = (location: Location) => Promise<View | Redirect> | View | Redirect;

/** Redirects followed within one navigation before giving up (a loop in the page checks). */
const MAX_REDIRECTS = 10;

export class Router<View> {
  state: RouterState<View> | null = null;
  /** Settles once the first page has been resolved and shown. */
  readonly ready: Promise<void>;
  private readonly listeners = new Set<(state: RouterState<View>) => void>();
  private latest = 0;
  private markReady!: () => void;
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly history: History,
    private readonly resolve: Resolve<View>,
  ) {
    this.ready = new Promise((resolve) => (this.markReady = resolve));
  }

  /** Resolves the address the page was opened at, and follows back and forward from then on. */
  start(): this {
    this.stopListening ??= this.history.listen((location) => void this.go(location, 'pop', false));
    // The entry gets a key of its own, so a reload can find its scroll position again.
    const opened = this.history.current();
    const location = opened.key === 'default' ? { ...opened, key: newKey() } : opened;
    void this.go(location, 'replace', true);
    return this;
  }

  stop(): void {
    this.stopListening?.();
    this.stopListening = null;
    this.latest += 1;
  }

  get location(): Location {
    return this.state?.location ?? this.history.current();
  }

  subscribe(listener: (state: RouterState<View>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  navigate(to: To, options: NavigateOptions = {}): Promise<void> {
    const location: Location = { ...resolveTo(to, this.location), state: options.state ?? null, key: newKey() };
    return this.go(location, options.replace ? 'replace' : 'push', options.preventScrollReset ?? false);
  }

  private go(location: Location, action: NavigationAction, preventScrollReset: boolean): Promise<void> {
    return this.follow(++this.latest, location, action, preventScrollReset, 0);
  }

  /** Resolves `target`; an answer given at once (a router in memory) is shown at once. */
  private follow(
    id: number,
    target: Location,
    action: NavigationAction,
    preventScrollReset: boolean,
    redirects: number,
  ): Promise<void> {
    const next = (outcome: View | Redirect) => this.settle(id, target, action, preventScrollReset, redirects, outcome);
    let outcome: ReturnType<Resolve<View>>;
    try {
      outcome = this.resolve(target);
    } catch (thrown) {
      if (!(thrown instanceof Redirect)) return Promise.reject(thrown);
      return next(thrown);
    }
    if (!(outcome instanceof Promise)) return next(outcome);
    return outcome.then(next, (thrown: unknown) => {
      if (!(thrown instanceof Redirect)) throw thrown;
      return next(thrown);
    });
  }

  private settle(
    id: number,
    target: Location,
    action: NavigationAction,
    preventScrollReset: boolean,
    redirects: number,
    outcome: View | Redirect,
  ): Promise<void> {
    // A later navigation (another click, back) has started: this one no longer counts.
    if (id !== this.latest) return Promise.resolve();
    if (!(outcome instanceof Redirect)) {
      this.commit({ location: target, view: outcome, action, preventScrollReset });
      return Promise.resolve();
    }
    if (redirects >= MAX_REDIRECTS) return Promise.reject(new Error(`Too many redirects from ${createPath(target)}`));
    // The address moves to where the redirect leads; back and forward have already moved the
    // history, so there the entry is replaced.
    const location = { ...resolveTo(outcome.to, target), state: null, key: newKey() };
    return this.follow(id, location, action === 'pop' ? 'replace' : action, false, redirects + 1);
  }

  private commit(state: RouterState<View>): void {
    if (state.action === 'push') this.history.push(state.location);
    if (state.action === 'replace') this.history.replace(state.location);
    this.state = state;
    for (const listener of this.listeners) listener(state);
    this.markReady();
  }
}
