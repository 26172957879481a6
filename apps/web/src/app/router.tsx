import { Component as ReactComponent, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { isAdminPath, matchPageRoute, PAGE_MODULES, USER_AREA_PAGES, type PageRouteName } from '@obmen/shared/routing';
import type { Lang } from '@obmen/shared/i18n';
import { i18n } from '../lib/i18n';
import { languageOfPath, preferredLanguage, rememberLanguage } from '../lib/language';
import { log } from '../lib/log';
import { browserHistory, redirect, Redirect, Router, useLocation, type History, type Location } from '../lib/router';
import { checkPage, GUARDED_PAGES, installGuards } from './guards';
import { NotFoundPage } from './routes/not-found';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

interface PageModule {
  Component: ComponentType<{ children?: ReactNode }>;
}

// Every page is its own chunk, loaded when first visited (spec §2); which module is whose page is
// shared with the server, which names the chunk in the page's head (PAGE_MODULES).
const pageModules = import.meta.glob<PageModule>([
  './routes/*.tsx',
  '!./routes/*.test.tsx',
  '!./routes/{root-layout,route-error,not-found}.tsx',
]);

function loadPage(name: PageRouteName): Promise<PageModule> {
  const load = pageModules[`./routes/${PAGE_MODULES[name]}.tsx`];
  if (!load) throw new Error(`No module for the page ${name}`);
  return load();
}

/** What an address shows: the operator console, a page of the site, or the site's not-found page. */
export type SiteView =
  | { kind: 'console'; Console: ComponentType }
  | { kind: 'page'; name: PageRouteName; Page: PageModule['Component']; Area: PageModule['Component'] | null }
  | { kind: 'not-found' }
  | { kind: 'error' };

// Runs before the pages of a language show, so they never flash in the other one.
async function switchLanguage(lang: Lang): Promise<void> {
  rememberLanguage(lang);
  document.documentElement.lang = lang;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

/**
 * Resolves an address: the language of its prefix, the page's checks (guards) and its code, all at
 * once; a check may redirect instead. A page whose code fails to load shows the apology.
 */
export async function resolveSite({ pathname }: Location): Promise<SiteView | Redirect> {
  try {
    // The operator console (design §6): its own chunk, imported only here, so visitors never
    // download it; it keeps its language itself, without a prefix in the URL.
    if (isAdminPath(pathname)) return { kind: 'console', Console: (await import('../admin/admin-console')).Component };
    // The bare root goes to the current language (spec §2).
    if (pathname === '/') return redirect(`/${preferredLanguage()}/`);
    const prefix = languageOfPath(pathname);
    const language = prefix ? switchLanguage(prefix) : null;
    const match = matchPageRoute(pathname);
    if (!match) {
      await language;
      return { kind: 'not-found' };
    }
    const { name, params } = match;
    const [page, area] = await Promise.all([
      loadPage(name),
      USER_AREA_PAGES.includes(name) ? import('./layout/user-area-layout') : null,
      GUARDED_PAGES.includes(name) ? checkPage(name, params, prefix ?? preferredLanguage()) : null,
      language,
    ]);
    return { kind: 'page', name, Page: page.Component, Area: area?.Component ?? null };
  } catch (error) {
    if (error instanceof Redirect) throw error;
    log.error(`the page at ${pathname} could not be opened`, error);
    return { kind: 'error' };
  }
}

/** The site's router: the browser's address, or one in memory (tests); guards follow it. */
export function createSiteRouter(history: History = browserHistory()): Router<SiteView> {
  const router = new Router(history, resolveSite);
  installGuards(router);
  return router.start();
}

interface BoundaryProps {
  children: ReactNode;
  /** A new address clears a page's error. */
  resetKey: string;
}

/** A page that throws while drawing shows the apology inside the site's frame. */
class PageErrorBoundary extends ReactComponent<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    log.error(`a page failed to draw${info.componentStack ?? ''}`, error);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Draws a resolved address: the console on its own, the site's pages inside the site's frame. */
export function SiteScreen({ view }: { view: SiteView }) {
  const { key } = useLocation();
  if (view.kind === 'console') {
    return (
      <PageErrorBoundary resetKey={key}>
        <view.Console />
      </PageErrorBoundary>
    );
  }
  let content: ReactNode;
  if (view.kind === 'not-found') content = <NotFoundPage />;
  else if (view.kind === 'error') content = <RouteError />;
  else content = view.Area ? <view.Area>{<view.Page />}</view.Area> : <view.Page />;
  return (
    <RootLayout>
      <PageErrorBoundary resetKey={key}>{content}</PageErrorBoundary>
    </RootLayout>
  );
}
