import { useEffect, type ComponentType, type ReactNode } from 'react';
import {
  data,
  isRouteErrorResponse,
  Outlet,
  redirect,
  useRouteError,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { LANGS, type Lang } from '@obmen/shared/i18n';
import {
  PAGE_MODULES,
  PAGE_ROUTES,
  PAIR_SEGMENT,
  USER_AREA_PAGES,
  isServerDrawn,
  type PageRouteName,
} from '@obmen/shared/routing';
import { adminRoutes } from '../admin/admin-routes';
import { i18n } from '../lib/i18n';
import { preferredLanguage, rememberLanguage } from '../lib/language';
import { log } from '../lib/log';
import { checkPage, GUARDED_PAGES } from './guards';
import type { PageDataContext } from './page-data';
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

async function loadPage(name: PageRouteName): Promise<PageModule> {
  const load = pageModules[`./routes/${PAGE_MODULES[name]}.tsx`];
  if (!load) throw new Error(`No module for the page ${name}`);
  return load();
}

// Runs before the pages of a language show, so they never flash in the other one.
async function switchLanguage(lang: Lang): Promise<void> {
  rememberLanguage(lang);
  document.documentElement.lang = lang;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

/** The language a page at this address is shown in: its prefix, else the visitor's own. */
const languageOf = (prefix: Lang | null): Lang => prefix ?? preferredLanguage();

// The converter's modules load with the pair's page anyway; other pages do not carry them.
async function pairHasDirection(context: unknown, segment: string | undefined): Promise<boolean> {
  const [{ segmentHasDirection }, client] = await Promise.all([
    import('../features/converter/api/get-directions'),
    import.meta.env.SSR
      ? (context as PageDataContext).queryClient
      : import('../lib/query-client').then((m) => m.queryClient),
  ]);
  return segmentHasDirection(client, segment);
}

/**
 * A page's loader. On the server it puts the page's first data in the render's query cache (the
 * HTML is drawn from it, and the browser takes the same cache over); in the browser it switches
 * the language and runs the page's checks (guards), which may redirect, before the page shows.
 */
function pageLoader(name: PageRouteName, prefix: Lang | null) {
  return async ({ params, context }: LoaderFunctionArgs) => {
    // `/{lang}/{GIVE}--{GET}` only: any other single segment is no page of the product.
    if (name === 'home_with_currencies' && !PAIR_SEGMENT.test(params.pair ?? '')) throw data(null, { status: 404 });
    // A pair the exchanger has no direction for is no page either (the server answers 404 too).
    if (name === 'home_with_currencies' && !(await pairHasDirection(context, params.pair))) {
      throw data(null, { status: 404 });
    }
    if (import.meta.env.SSR) {
      const { prefetchPage } = await import('./page-data');
      await prefetchPage(context as PageDataContext, name, params);
      return null;
    }
    await Promise.all([
      prefix && switchLanguage(prefix),
      // A page the server does not draw takes its texts from the catalog's later part.
      !isServerDrawn(name) && i18n.loadLater(),
      GUARDED_PAGES.includes(name) && checkPage(name, params, languageOf(prefix)),
    ]);
    return null;
  };
}

/** A page that failed to load or draw: the not-found page for a 404, else the apology, in the frame. */
function PageError() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!missing) log.error('a page failed to load or draw', error);
  }, [error, missing]);
  return missing ? <NotFoundPage /> : <RouteError />;
}

function pageRoute(name: PageRouteName, path: string, prefix: Lang | null): RouteObject {
  return {
    id: `${prefix ?? 'any'}:${name}`,
    path,
    loader: pageLoader(name, prefix),
    lazy: async () => ({ Component: (await loadPage(name)).Component }),
    ErrorBoundary: PageError,
  };
}

function UserArea({ Layout }: { Layout: ComponentType<{ children?: ReactNode }> }) {
  return (
    <Layout>
      <Outlet />
    </Layout>
  );
}

/** The product's pages below one language prefix, or below none (the visitor's language). */
function pagesUnder(prefix: Lang | null): RouteObject[] {
  const pathOf = (path: string) => [prefix, path].filter(Boolean).join('/');
  const pages = PAGE_ROUTES.filter((route) => !USER_AREA_PAGES.includes(route.name)).map((route) =>
    // The bare root goes to the visitor's language (spec §2).
    route.name === 'home' && !prefix
      ? { index: true, loader: () => redirect(`/${preferredLanguage()}/`) }
      : pageRoute(route.name, pathOf(route.path), prefix),
  );
  const userArea: RouteObject = {
    id: `${prefix ?? 'any'}:user-area`,
    lazy: async () => {
      const { Component: Layout } = await import('./layout/user-area-layout');
      return { Component: () => <UserArea Layout={Layout} /> };
    },
    children: PAGE_ROUTES.filter((route) => USER_AREA_PAGES.includes(route.name)).map((route) =>
      pageRoute(route.name, pathOf(route.path), prefix),
    ),
  };
  return [...pages, userArea];
}

function SiteFrame() {
  return (
    <RootLayout>
      <Outlet />
    </RootLayout>
  );
}

/**
 * The one router's table (React Router, data mode): the operator console below /admin, its own
 * chunk that visitors never download, and the site's pages inside the site's frame, in each
 * language and without a prefix; any other address is the not-found page.
 */
export const routes: RouteObject[] = [
  adminRoutes,
  {
    id: 'site',
    Component: SiteFrame,
    ErrorBoundary: PageError,
    children: [
      ...LANGS.flatMap((lang) => pagesUnder(lang)),
      ...pagesUnder(null),
      { id: 'not-found', path: '*', Component: NotFoundPage },
    ],
  },
];
