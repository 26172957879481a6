import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../lib/i18n';
import { Navigate, Route, Routes } from 'react-router';
import { Button } from '../components/ui/button';
import { FormCard } from '../components/ui/form-card';
import { Spinner } from '../components/ui/spinner';
import { useLogout } from '../features/auth/api/logout';
import { twoFactorQueryOptions } from '../features/auth/api/get-two-factor';
import { LoginForm } from '../features/auth/components/login-form';
import { TwoFactorSetup } from '../features/auth/components/two-factor-setup';
import { useSession } from '../features/auth/hooks/use-session';
import { NotificationStack } from '../features/notifications/components/notification-stack';
import { ConsoleLayout, type ConsoleRole } from './components/console-layout';
import { useConsoleLanguage } from './hooks/use-console-language';
import { useTheme } from './hooks/use-theme';
import { loadConsoleCopy } from './i18n';
import { TicketDesk } from './screens/ticket-desk';
import styles from './admin-console.module.css';

loadConsoleCopy();

// The desk is the first screen an operator needs; the rest load when first opened.
const Currencies = lazy(() => import('./screens/currencies'));
const Directions = lazy(() => import('./screens/directions'));
const Prices = lazy(() => import('./screens/prices'));
const Reserves = lazy(() => import('./screens/reserves'));
const Holds = lazy(() => import('./screens/holds'));
const Discounts = lazy(() => import('./screens/discounts'));
const SiteState = lazy(() => import('./screens/site-state'));
const Users = lazy(() => import('./screens/users'));
const PromoCodes = lazy(() => import('./screens/promo-codes'));
const Payouts = lazy(() => import('./screens/payouts'));
const Outbox = lazy(() => import('./screens/outbox'));
const News = lazy(() => import('./screens/news'));
const Pages = lazy(() => import('./screens/pages'));
const Seo = lazy(() => import('./screens/seo'));
const Audit = lazy(() => import('./screens/audit'));
const RatesExport = lazy(() => import('./screens/rates-export'));

function Centered({ children }: { children: ReactNode }) {
  return (
    <div className={styles.centered}>
      {children}
      <NotificationStack />
    </div>
  );
}

function LanguageSwitch() {
  const [lang, setLang] = useConsoleLanguage();
  return (
    <div className={styles.langs} role="group" aria-label="Язык / Language">
      <button type="button" lang="ru" aria-pressed={lang === 'ru'} onClick={() => setLang('ru')}>
        Русский
      </button>
      <button type="button" lang="en" aria-pressed={lang === 'en'} onClick={() => setLang('en')}>
        English
      </button>
    </div>
  );
}

/** Operators log in with the site's own login (POST /token); the session is the site's too. */
function ConsoleLogin() {
  const { t } = useTranslation();
  return (
    <Centered>
      <FormCard title={t('admin.login.title')} intro={<p>{t('admin.login.intro')}</p>}>
        <LoginForm onSuccess={() => {}} />
      </FormCard>
      <LanguageSwitch />
    </Centered>
  );
}

function NoAccess({ username }: { username: string }) {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Centered>
      <FormCard title={t('admin.noAccess.title')}>
        <p>{t('admin.noAccess.text', { username })}</p>
        <Button variant="secondary" onClick={() => logout.mutate()}>
          {t('admin.noAccess.switch')}
        </Button>
      </FormCard>
    </Centered>
  );
}

/** Staff turn two-factor authentication on before the console opens (issue 33); the API insists too. */
function TwoFactorFirst({ token, children }: { token: string; children: ReactNode }) {
  const { t } = useTranslation();
  const status = useQuery(twoFactorQueryOptions(token));
  // The set-up stays until its recovery codes are put away, whatever a refetch says meanwhile.
  const [settingUp, setSettingUp] = useState(false);
  if (status.data && !status.data.enabled && !settingUp) setSettingUp(true);
  if (status.data?.enabled && !settingUp) return children;
  return (
    <Centered>
      {status.data ? (
        <FormCard title={t('admin.twoFactor.title')} intro={<p>{t('admin.twoFactor.intro')}</p>}>
          <TwoFactorSetup onDone={() => setSettingUp(false)} />
        </FormCard>
      ) : (
        <Spinner label={t('admin.common.loading')} />
      )}
      <LanguageSwitch />
    </Centered>
  );
}

function AdminOnly({ role, children }: { role: ConsoleRole; children: ReactNode }) {
  const { t } = useTranslation();
  if (role !== 'admin') {
    return (
      <section role="alert" className={styles.adminOnly}>
        <h1>{t('admin.adminOnly.title')}</h1>
        <p>{t('admin.adminOnly.text')}</p>
      </section>
    );
  }
  return children;
}

/**
 * The operator console at /admin (design §6): its own chunk, loaded only when an operator opens it.
 * The site's router hands it every address below /admin; its screens are routes of their own below
 * that. Links from the console to the site are plain links: leaving the console loads the site afresh.
 */
export function Component() {
  const { t } = useTranslation();
  const { token, user } = useSession();
  useTheme();
  if (!token) return <ConsoleLogin />;
  if (!user) {
    return (
      <Centered>
        <Spinner label={t('admin.common.loading')} />
      </Centered>
    );
  }
  if (user.role === 'user') return <NoAccess username={user.username} />;
  const role: ConsoleRole = user.role;
  const admin = (screen: ReactNode) => <AdminOnly role={role}>{screen}</AdminOnly>;
  return (
    <TwoFactorFirst token={token}>
      <ConsoleLayout role={role} username={user.username}>
        <Suspense fallback={<Spinner label={t('admin.common.loading')} />}>
          <Routes>
            <Route index element={<Navigate to="/admin/tickets" replace />} />
            <Route path="tickets" element={<TicketDesk />} />
            <Route path="tickets/:id" element={<TicketDesk />} />
            <Route path="payouts" element={<Payouts />} />
            <Route path="outbox" element={<Outbox />} />
            <Route path="currencies" element={<Currencies role={role} />} />
            <Route path="currencies/:code" element={<Currencies role={role} />} />
            <Route path="directions" element={<Directions role={role} />} />
            <Route path="directions/:give/:get" element={<Directions role={role} />} />
            <Route path="prices" element={<Prices />} />
            <Route path="reserves" element={<Reserves />} />
            <Route path="holds" element={<Holds />} />
            <Route path="discounts" element={<Discounts role={role} />} />
            <Route path="site-state" element={<SiteState />} />
            <Route path="rates-export" element={<RatesExport />} />
            <Route path="users" element={admin(<Users />)} />
            <Route path="promo-codes" element={admin(<PromoCodes />)} />
            <Route path="news" element={admin(<News />)} />
            <Route path="news/:id" element={admin(<News />)} />
            <Route path="pages" element={admin(<Pages />)} />
            <Route path="pages/:slug" element={admin(<Pages />)} />
            <Route path="seo" element={admin(<Seo />)} />
            <Route path="seo/:give/:get" element={admin(<Seo />)} />
            <Route path="audit" element={admin(<Audit />)} />
            <Route
              path="*"
              element={
                <section role="alert" className={styles.adminOnly}>
                  <h1>{t('error.pageNotFound')}</h1>
                </section>
              }
            />
          </Routes>
        </Suspense>
      </ConsoleLayout>
    </TwoFactorFirst>
  );
}
