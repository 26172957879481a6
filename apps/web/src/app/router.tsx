import { createBrowserRouter, data, redirect, type RouteObject } from 'react-router';
import { PAGE_ROUTES, PAIR_SEGMENT, type PageRouteName } from '@obmen/shared/routing';
import type { Lang } from '@obmen/shared/i18n';
import { i18n } from '../lib/i18n';
import { preferredLanguage, rememberLanguage } from '../lib/language';
import { GUARDED_PAGES, guardLoader, installGuards } from './guards';
import { RootLayout } from './routes/root-layout';
import { NotFoundPage } from './routes/not-found';
import { RouteError } from './routes/route-error';

type LazyModule = () => Promise<Pick<RouteObject, 'Component' | 'loader'>>;

// Every page is its own chunk, loaded when first visited (spec §2).
const home: LazyModule = () => import('./routes/home');
const titlePage: LazyModule = () => import('./routes/title-page');
const PAGE_MODULES: Partial<Record<PageRouteName, LazyModule>> = {
  home,
  home_with_currencies: home,
  login: () => import('./routes/login'),
  register: () => import('./routes/register'),
  reset_password: () => import('./routes/reset-password'),
  user_settings: () => import('./routes/user-settings'),
  ticket_create: () => import('./routes/ticket-create'),
  ticket_info: () => import('./routes/ticket-info'),
  payment_info: () => import('./routes/payment-info'),
  card_check: () => import('./routes/card-check'),
  card_verify: () => import('./routes/card-verify'),
  user_tickets: () => import('./routes/user-tickets'),
};

function pageRoutes(): RouteObject[] {
  return PAGE_ROUTES.map(({ name, path }) => ({
    ...(path === '' ? { index: true } : { path }),
    handle: { page: name },
    lazy: PAGE_MODULES[name] ?? titlePage,
    ...(GUARDED_PAGES.includes(name) && { loader: guardLoader(name) }),
    // `/{from}--{to}` is the only dynamic top-level path; anything else there is not a page.
    ...(name === 'home_with_currencies' && {
      loader: ({ params }: { params: Record<string, string | undefined> }) => {
        if (!PAIR_SEGMENT.test(params.pair ?? '')) throw data(null, { status: 404 });
        return null;
      },
    }),
  }));
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
