import { redirect, type RouteObject } from 'react-router';
import { ADMIN_BASE_PATH } from '@obmen/shared/routing';
import { Spinner } from '../components/ui/spinner';
import { useTranslation } from '../lib/i18n';

// Route objects and lazy imports only: the browser adds them to its route table when an address
// below /admin is first visited (app/routes.tsx, consoleRoutes); every module below loads when an
// operator opens the console, in admin-* chunks.

export const CONSOLE_PATHS = {
  base: ADMIN_BASE_PATH,
  start: `${ADMIN_BASE_PATH}/tickets`,
  login: `${ADMIN_BASE_PATH}/login`,
  twoFactor: `${ADMIN_BASE_PATH}/two-factor`,
} as const;

/** The route whose loader checks the staff member (its data is `Staff`, read with `useStaff`). */
export const STAFF_ROUTE_ID = 'console-staff';

/** Drawn while the console's first modules and loaders run (the server never draws the console). */
function ConsoleHydrateFallback() {
  const { t } = useTranslation();
  return <Spinner label={t('common.loading')} />;
}

/**
 * The operator console (design §6): the frame (its copy, theme, session) around the login, the
 * two-factor set-up and the staff area, whose loader lets only staff in; each screen below it is
 * a route module with its own loader (the staff check, then its first data) and error boundary.
 */
export const adminRoutes: RouteObject = {
  path: ADMIN_BASE_PATH,
  lazy: () => import('./admin-console'),
  HydrateFallback: ConsoleHydrateFallback,
  children: [
    { index: true, loader: () => redirect(CONSOLE_PATHS.start) },
    { path: 'login', lazy: () => import('./screens/console-login') },
    { path: 'two-factor', lazy: () => import('./screens/two-factor-first') },
    {
      id: STAFF_ROUTE_ID,
      lazy: () => import('./staff-area'),
      children: [
        { path: 'tickets/:id?', lazy: () => import('./screens/ticket-desk') },
        { path: 'payouts', lazy: () => import('./screens/payouts') },
        { path: 'ticket-payouts', lazy: () => import('./screens/ticket-payouts') },
        { path: 'outbox', lazy: () => import('./screens/outbox') },
        { path: 'telegram', lazy: () => import('./screens/telegram') },
        { path: 'currencies/:code?', lazy: () => import('./screens/currencies') },
        { path: 'directions', lazy: () => import('./screens/directions') },
        { path: 'directions/:give/:get', lazy: () => import('./screens/directions') },
        { path: 'prices', lazy: () => import('./screens/prices') },
        { path: 'reserves', lazy: () => import('./screens/reserves') },
        { path: 'holds', lazy: () => import('./screens/holds') },
        { path: 'discounts', lazy: () => import('./screens/discounts') },
        { path: 'site-state', lazy: () => import('./screens/site-state') },
        { path: 'rates-export', lazy: () => import('./screens/rates-export') },
        { path: 'payout-settings/:code?', lazy: () => import('./screens/payout-settings') },
        { path: 'users', lazy: () => import('./screens/users') },
        { path: 'promo-codes', lazy: () => import('./screens/promo-codes') },
        { path: 'news/:id?', lazy: () => import('./screens/news') },
        { path: 'pages/:slug?', lazy: () => import('./screens/pages') },
        { path: 'seo', lazy: () => import('./screens/seo') },
        { path: 'seo/:give/:get', lazy: () => import('./screens/seo') },
        { path: 'audit', lazy: () => import('./screens/audit') },
        { path: 'desk-settings', lazy: () => import('./screens/desk-settings') },
        { path: 'receipts', lazy: () => import('./screens/receipts') },
        { path: '*', lazy: () => import('./screens/not-found') },
      ],
    },
  ],
};
