import {
  createBrowserRouter,
  data,
  redirect,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { PAGE_MODULES, PAGE_ROUTES, PAIR_SEGMENT, USER_AREA_PAGES, type PageRouteName } from '@obmen/shared/routing';
import type { Lang } from '@obmen/shared/i18n';
import { i18n } from '../lib/i18n';
import { preferredLanguage, rememberLanguage } from '../lib/language';
import { GUARDED_PAGES, guardLoader, installGuards } from './guards';
import { RootLayout } from './routes/root-layout';
import { NotFoundPage } from './routes/not-found';
import { RouteError } from './routes/route-error';

type RouteModule = Pick<RouteObject, 'Component' | 'loader'>;
type LazyModule = () => Promise<RouteModule>;

// Every page is its own chunk, loaded when first visited (spec §2); which module is whose page is
// shared with the server, which names the chunk in the page's head (PAGE_MODULES).
const routeModules = import.meta.glob<RouteModule>([
  './routes/*.tsx',
  '!./routes/*.test.tsx',
  '!./routes/{root-layout,route-error,not-found}.tsx',
]);

function pageModule(name: PageRouteName): LazyModule {
  const load = routeModules[`./routes/${PAGE_MODULES[name]}.tsx`];
  if (!load) throw new Error(`No module for the page ${name}`);
  return load;
}

type Check = (args: LoaderFunctionArgs) => Promise<unknown> | unknown;

// `/{from}--{to}` is the only dynamic top-level path; anything else there is not a page.
const pairCheck: Check = ({ params }) => {
  if (!PAIR_SEGMENT.test(params.pair ?? '')) throw data(null, { status: 404 });
};

/**
 * A page's checks (guards, the pair's shape) run first, then the page module's own loader if it
 * has one: a static loader would otherwise hide the module's (React Router keeps the static one).
 */
function checkedLoader(check: Check, load: LazyModule): LoaderFunction {
  return async (args) => {
    await check(args);
    const { loader } = await load();
    return typeof loader === 'function' ? loader(args) : null;
  };
}

function pageRoute(name: PageRouteName, path: string): RouteObject {
  const load = pageModule(name);
  const checks: Check[] = [
    ...(GUARDED_PAGES.includes(name) ? [guardLoader(name)] : []),
    ...(name === 'home_with_currencies' ? [pairCheck] : []),
  ];
  const route = { ...(path === '' ? { index: true as const } : { path }), handle: { page: name } };
  if (checks.length === 0) return { ...route, lazy: load };
  const check: Check = async (args) => {
    for (const one of checks) await one(args);
  };
  return {
    ...route,
    loader: checkedLoader(check, load),
    lazy: async () => {
      const { loader: _composedAbove, ...rest } = await load();
      return rest;
    },
  };
}

function pageRoutes(): RouteObject[] {
  const routes = PAGE_ROUTES.filter(({ name }) => !USER_AREA_PAGES.includes(name)).map(({ name, path }) =>
    pageRoute(name, path),
  );
  const userArea: RouteObject = {
    lazy: () => import('./layout/user-area-layout'),
    children: PAGE_ROUTES.filter(({ name }) => USER_AREA_PAGES.includes(name)).map(({ name, path }) =>
      pageRoute(name, path),
    ),
  };
  return [...routes, userArea];
}

// Runs before the pages of a language render, so they never flash in the other one.
async function switchLanguage(lang: Lang) {
  rememberLanguage(lang);
  document.documentElement.lang = lang;
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  return null;
}

const notFound: RouteObject = { path: '*', Component: NotFoundPage };

export const routes: RouteObject[] = [
  // The operator console (design §6): its own chunk, imported only here and only lazily, so
  // visitors never download it; it keeps its language itself, without a prefix in the URL.
  { path: '/admin/*', lazy: () => import('../admin/admin-console'), ErrorBoundary: RouteError },
  {
    path: '/',
    Component: RootLayout,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          // The bare root goes to the current language (spec §2).
          { index: true, loader: () => redirect(`/${preferredLanguage()}/`) },
          ...pageRoutes().filter((route) => !route.index),
          { path: 'ru', loader: () => switchLanguage('ru'), children: [...pageRoutes(), notFound] },
          { path: 'en', loader: () => switchLanguage('en'), children: [...pageRoutes(), notFound] },
          notFound,
        ],
      },
    ],
  },
];

export function createRouter() {
  const router = createBrowserRouter(routes);
  installGuards(router);
  return router;
}
