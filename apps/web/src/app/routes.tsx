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
import { EMBED_BASE_PATH, isAdminPath, PAGE_ROUTES, type PageRouteName } from '@obmen/shared/routing';
import { i18n } from '../lib/i18n';
import { preferredLanguage, rememberLanguage } from '../lib/language';
import { log } from '../lib/log';
import { checkPage, GUARDED_PAGES } from './guards';
import { browserLoadContext, type LoadContext, type PageLoader } from './load-context';
import { NotFoundPage } from './routes/not-found';
import { RootLayout } from './routes/root-layout';
import { RouteError } from './routes/route-error';

/** A page's route module (apps/web/src/app/routes): its page, and the loader of its first data. */
interface PageModule {
  Component: ComponentType;
  loader?: PageLoader;
  /** The page's own error view (its own "not found"); the site's otherwise. */
  ErrorBoundary?: ComponentType;
}

/** Each page's route module, by file name; several pages may share one (the operator's texts). */
const PAGE_MODULES: Record<PageRouteName, string> = {
  home: 'home',
  home_with_currencies: 'home',
  login: 'login',
  register: 'register',
  reset_password: 'reset-password',
  about: 'info-page',
  partner: 'info-page',
  rules: 'info-page',
  aml: 'info-page',
  faq: 'faq',
  news: 'news',
  show_news: 'show-news',
  contacts: 'contacts',
  status: 'status',
  user_settings: 'user-settings',
  user_tickets: 'user-tickets',
  user_referral: 'user-referral',
  user_promo: 'user-promo',
  user_partner: 'user-partner',
  ticket_create: 'ticket-create',
  find_ticket: 'find-ticket',
  ticket_info: 'ticket-info',
  payment_info: 'payment-info',
  card_check: 'card-check',
  card_verify: 'card-verify',
  ticket_receipt: 'ticket-receipt',
  verify: 'verify',
};

/** The user area's pages share one layout. */
const USER_AREA_PAGES: readonly PageRouteName[] = [
  'user_settings',
  'user_tickets',
  'user_referral',
  'user_promo',
  'user_partner',
];
const USER_AREA_LAYOUT = 'src/app/layout/user-area-layout.tsx';

/**
 * The public pages, alike for every visitor: the server draws them (issue 32). The others are a
 * person's own (tickets, the user area) or sign-in forms: the browser draws them, with the texts
 * of the catalog's later part (apps/web/src/locales/parts.ts).
 */
const SERVER_DRAWN: ReadonlySet<PageRouteName> = new Set([
  'home',
  'home_with_currencies',
  'news',
  'show_news',
  'about',
  'partner',
  'rules',
  'aml',
  'faq',
  'contacts',
  'status',
  'verify',
  'ticket_info',
]);

/**
 * Drawn by the server, but one person's: a visitor's ticket, which its link opens (a signed-in
 * user's the browser draws: its loader says so). Never kept by a cache, never indexed.
 */
const PERSONAL_DRAWN: ReadonlySet<PageRouteName> = new Set(['ticket_info']);

/** Pages the server draws whose texts are in the catalog's later part: the home page does not carry them. */
const LATER_TEXTS: ReadonlySet<PageRouteName> = new Set(['status', 'verify', 'ticket_info']);

/** What the server reads off a matched route: the page, whether it draws it, the modules it needs. */
export interface PageHandle {
  /** Null for the not-found page. */
  page: PageRouteName | null;
  serverDrawn: boolean;
  /** Drawn by the server for one person (PERSONAL_DRAWN): answered `no-store`. */
  personal: boolean;
  /** Source files (as Vite's manifest names them) the page runs on its first render. */
  modules: string[];
}

// Every page is its own chunk, loaded when first visited (spec §2).
const pageModules = import.meta.glob<PageModule>([
  './routes/*.tsx',
  '!./routes/*.test.tsx',
  '!./routes/{root-layout,route-error,not-found,embed-frame}.tsx',
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

/**
 * A page's loader: in the browser it first switches the language and runs the page's checks
 * (guards), which may redirect; then, on both sides, the route module's own loader reads the
 * page's first data into the query cache (the server passes its load context; the browser's is
 * the app's).
 */
function pageLoader(name: PageRouteName, prefix: Lang | null, own: PageLoader | undefined) {
  return async (args: LoaderFunctionArgs) => {
    if (import.meta.env.SSR) return own ? own({ ...args, context: args.context as LoadContext }) : null;
    const lang = prefix ?? preferredLanguage();
    await Promise.all([
      prefix && switchLanguage(prefix),
      // A page the server does not draw takes its texts from the catalog's later part.
      !SERVER_DRAWN.has(name) && i18n.loadLater(),
      GUARDED_PAGES.includes(name) && checkPage(name, args.params, lang),
    ]);
    return own ? own({ ...args, context: await browserLoadContext(lang) }) : null;
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

/** While a page the browser draws loads its module and passes its checks: the frame, and room for it. */
function PageLoading() {
  return <div aria-busy="true" />;
}

function pageRoute(name: PageRouteName, path: string, prefix: Lang | null): RouteObject {
  const handle: PageHandle = {
    page: name,
    serverDrawn: SERVER_DRAWN.has(name),
    personal: PERSONAL_DRAWN.has(name),
    modules: [
      ...(USER_AREA_PAGES.includes(name) ? [USER_AREA_LAYOUT] : []),
      `src/app/routes/${PAGE_MODULES[name]}.tsx`,
    ],
  };
  return {
    id: `${prefix ?? 'any'}:${name}`,
    path,
    handle,
    lazy: async () => {
      // Loaded before the first page hydrates (main.tsx): a drawn page's later texts come with its module.
      const [{ Component, loader, ErrorBoundary = PageError }] = await Promise.all([
        loadPage(name),
        LATER_TEXTS.has(name) && i18n.loadLater(),
      ]);
      return { Component, ErrorBoundary, loader: pageLoader(name, prefix, loader) };
    },
    HydrateFallback: PageLoading,
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
  const pages = PAGE_ROUTES.filter((route) => !USER_AREA_PAGES.includes(route.name)).map((route): RouteObject =>
    // The bare root goes to the visitor's language (spec §2).
    route.name === 'home' && !prefix
      ? { index: true, loader: () => redirect(`/${preferredLanguage()}/`), HydrateFallback: PageLoading }
      : pageRoute(route.name, pathOf(route.path), prefix),
  );
  const userArea: RouteObject = {
    id: `${prefix ?? 'any'}:user-area`,
    lazy: async () => {
      const { Component: Layout } = await import('./layout/user-area-layout');
      return { Component: () => <UserArea Layout={Layout} /> };
    },
    HydrateFallback: PageLoading,
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

const EMBED_FRAME = 'src/app/routes/embed-frame.tsx';

/**
 * A page of the partner's widget: its own module (the converter) or the site's page of the flow,
 * with the same checks (closed while exchanges are paused: back to the widget's converter).
 */
function embedPage(path: string | null, file: string, guarded: PageRouteName | null): RouteObject {
  const handle: PageHandle = {
    page: null,
    serverDrawn: false,
    personal: false,
    modules: [EMBED_FRAME, `src/app/routes/${file}.tsx`],
  };
  return {
    ...(path === null ? { index: true } : { path }),
    handle,
    lazy: async () => {
      const load = pageModules[`./routes/${file}.tsx`];
      if (!load) throw new Error(`No module for the widget's page ${file}`);
      const { Component, loader } = await load();
      return {
        Component,
        loader: async (args: LoaderFunctionArgs) => {
          const { embedParamsOf } = await import('./routes/embed-frame');
          const { lang, search } = embedParamsOf(new URL(args.request.url).search);
          if (guarded) {
            await checkPage(guarded, args.params, lang).catch((error: unknown) => {
              throw error instanceof Response ? redirect(`${EMBED_BASE_PATH}?${search}`) : error;
            });
          }
          return loader ? loader({ ...args, context: await browserLoadContext(lang) }) : null;
        },
      };
    },
    HydrateFallback: PageLoading,
  };
}

/**
 * The partner's widget (issue 47), below /embed: the converter and the ticket flow in a frame of
 * their own, without the site's header and footer. The browser draws it (no language prefix).
 */
const embedRoutes: RouteObject = {
  id: 'embed',
  path: EMBED_BASE_PATH,
  lazy: async () => {
    const { Component, loader } = await import('./routes/embed-frame');
    return { Component, loader };
  },
  HydrateFallback: PageLoading,
  ErrorBoundary: PageError,
  children: [
    embedPage(null, 'embed', null),
    embedPage(':pair', 'embed', null),
    embedPage('ticket/create', 'ticket-create', 'ticket_create'),
    embedPage('ticket/:id', 'ticket-info', null),
    embedPage('ticket/:id/payment_info', 'payment-info', 'payment_info'),
    embedPage('ticket/:id/card_check', 'card-check', 'card_check'),
    embedPage('ticket/:id/card_verify', 'card-verify', 'card_verify'),
  ],
};

/**
 * The site's route table (React Router, data mode): its pages inside the site's frame, in each
 * language and without a prefix; any other address is the not-found page. The operator console's
 * routes (admin/admin-routes.tsx) join the table when an address below /admin is visited
 * (`consoleRoutes`), so visitors never download even their table.
 */
export const routes: RouteObject[] = [
  embedRoutes,
  {
    id: 'site',
    Component: SiteFrame,
    ErrorBoundary: PageError,
    children: [
      ...LANGS.flatMap((lang) => pagesUnder(lang)),
      ...pagesUnder(null),
      // Any other address: the not-found page, with status 404 from the server.
      {
        id: 'not-found',
        path: '*',
        loader: () => {
          throw data(null, { status: 404 });
        },
        handle: { page: null, serverDrawn: true, personal: false, modules: [] } satisfies PageHandle,
        HydrateFallback: PageLoading,
        ErrorBoundary: PageError,
      },
    ],
  },
];

/**
 * Adds the console's routes the first time an address below /admin is visited (React Router's
 * lazy route discovery): until then such an address matches only the not-found splat.
 */
export async function consoleRoutes({
  path,
  patch,
}: {
  path: string;
  patch: (routeId: string | null, children: RouteObject[]) => void;
}): Promise<void> {
  if (!isAdminPath(path)) return;
  const { adminRoutes } = await import('../admin/admin-routes');
  patch(null, [adminRoutes]);
}
