import { useTranslation } from 'react-i18next';
import { Link, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { LANGS } from '@obmen/shared/i18n';
import { useSaveLanguage } from '../../features/auth/hooks/use-save-language';
import { NotificationStack } from '../../features/notifications/components/notification-stack';
import { useLanguage } from '../../hooks/use-language';
import { pathInLanguage } from '../../lib/language';
import { UserMenu } from '../layout/user-menu';
import styles from './root-layout.module.css';

const LANGUAGE_NAMES = { ru: { long: 'Русский', short: 'RU' }, en: { long: 'English', short: 'EN' } } as const;

export function RootLayout() {
  const lang = useLanguage();
  const { t } = useTranslation();
  const location = useLocation();
  const saveLanguage = useSaveLanguage();

  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link to={`/${lang}/`} className={styles.logo} aria-label={t('nav.home')}>
          <img src="/logo.svg" alt="Obmen" width={120} height={32} />
        </Link>
        <div className={styles.tools}>
          <nav aria-label={t('nav.language')} className={styles.languages}>
            {LANGS.map((code) => (
              <Link
                key={code}
                to={{ pathname: pathInLanguage(location.pathname, code), search: location.search }}
                aria-current={code === lang ? 'true' : undefined}
                aria-label={LANGUAGE_NAMES[code].long}
                lang={code}
                onClick={() => {
                  if (code !== lang) saveLanguage(code);
                }}
              >
                <span className={styles.long}>{LANGUAGE_NAMES[code].long}</span>
                <span className={styles.short}>{LANGUAGE_NAMES[code].short}</span>
              </Link>
            ))}
          </nav>
          <UserMenu />
        </div>
      </header>
      <main className={styles.main}>
        <Outlet />
      </main>
      <footer className={styles.footer}>© 2025 Obmen</footer>
      <NotificationStack />
      <ScrollRestoration />
    </div>
  );
}
