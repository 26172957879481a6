import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { ScrollRestoration, useLocation } from 'react-router';
import { matchPageRoute, type PageRouteName } from '@obmen/shared/routing';
import { useSession } from '../../features/auth/hooks/use-session';
import { NotificationStack } from '../../features/notifications/components/notification-stack';
import { VipModalHost } from '../../features/vip/components/vip-modal-host';
import { captureReferral } from '../../lib/referral-visit';
import { MaintenanceNotice } from '../layout/maintenance-notice';
import { SiteFooter } from '../layout/site-footer';
import { SiteHeader } from '../layout/site-header';
import styles from './root-layout.module.css';

type Backdrop = 'home' | 'info' | 'account' | 'ticket' | 'auth' | 'lost';

/** Which backdrop a page wears: the background changes with the kind of page (spec §2). */
function backdropOf(page: PageRouteName | null): Backdrop {
  if (!page) return 'lost';
  if (page === 'home' || page === 'home_with_currencies') return 'home';
  if (page.startsWith('user_')) return 'account';
  if (page.startsWith('ticket_') || page === 'payment_info' || page.startsWith('card_')) return 'ticket';
  if (page === 'login' || page === 'register' || page === 'reset_password') return 'auth';
  return 'info';
}

/** The site's frame around every page: header, footer, notices and the scroll position. */
export function RootLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { user } = useSession();
  const page = matchPageRoute(location.pathname)?.name ?? null;
  const backdrop = backdropOf(page);

  // `?r=ID` on any address is a referral link (spec §4).
  useEffect(() => {
    void captureReferral(location.search);
  }, [location.search]);

  return (
    <div className={styles.shell} data-backdrop={backdrop}>
      <a href="#main" className={styles.skip}>
        {t('shell.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className={styles.main}>
        {backdrop === 'home' && <MaintenanceNotice />}
        {children}
      </main>
      <SiteFooter />
      <NotificationStack />
      <VipModalHost account={user?.username ?? user?.email ?? null} />
      {/* New pages open at the top (spec §2); back and forward return to where the reader was. */}
      <ScrollRestoration />
    </div>
  );
}
