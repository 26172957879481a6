import { useTranslation } from '../../lib/i18n';
import { Link, NavLink } from 'react-router';
import { pagePath } from '@obmen/shared/routing';
import { useLanguage } from '../../hooks/use-language';
import { FindTicketIcon } from '../../components/ui/shell-icons';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { NavDrawer } from './nav-drawer';
import { NAV_PAGES } from './nav-links';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import styles from './header.module.css';

/** The header of every page (spec §2): logo, the information pages, theme, language, account. */
export function SiteHeader() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <NavDrawer />
        <Link to={pagePath(lang, 'home')} className={styles.logo} aria-label={t('shell.home')}>
          <Logo />
        </Link>
        <nav aria-label={t('shell.nav.label')} className={styles.nav}>
          <ul className={styles.navList}>
            {NAV_PAGES.map((name) => (
              <li key={name}>
                <NavLink to={pagePath(lang, name)} className={styles.navLink}>
                  {t(`shell.nav.${name}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.tools}>
          <Link
            to={pagePath(lang, 'find_ticket')}
            className={`${styles.iconButton} ${styles.findTicket}`}
            aria-label={t('shell.findTicket')}
            title={t('shell.findTicket')}
          >
            <FindTicketIcon />
          </Link>
          <LanguageSwitch />
          <ThemeToggle />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
