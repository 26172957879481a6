import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { pagePath } from '@obmen/shared/routing';
import { ClockIcon, MailIcon, TelegramIcon } from '../../components/ui/shell-icons';
import { useLanguage } from '../../hooks/use-language';
import { SUPPORT_EMAIL, SUPPORT_TELEGRAM_HANDLE, SUPPORT_TELEGRAM_URL } from '../../lib/support-contacts';
import { Logo } from './logo';
import { FOOTER_GROUPS } from './nav-links';
import styles from './footer.module.css';

/** The rate aggregators that list the exchanger, with their logos in public/icons/monitors. */
const MONITORS: readonly { name: string; icon: string; url: string }[] = [
  { name: 'BestChange', icon: 'bestchange', url: 'https://www.bestchange.ru/' },
  { name: 'Exnode', icon: 'exnode', url: 'https://exnode.ru/' },
  { name: 'Glazok', icon: 'glazok', url: 'https://glazok.org/' },
  { name: 'Kurs Expert', icon: 'kursexpert', url: 'https://kurs.expert/' },
  { name: 'OKchanger', icon: 'okchanger', url: 'https://www.okchanger.com/' },
];

/** The footer of every page (spec §2): what Obmen is, 24/7, the pages, the monitors, © 2025. */
export function SiteFooter() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Link to={pagePath(lang, 'home')} className={styles.logo} aria-label={t('shell.home')}>
            <Logo />
          </Link>
          <p className={styles.description}>{t('shell.footer.description')}</p>
          <p className={styles.hours}>
            <span className={styles.hoursIcon} aria-hidden="true">
              <ClockIcon size={18} />
            </span>
            <span>
              <strong>{t('shell.footer.hours')}</strong> {t('shell.footer.hoursText')}
            </span>
          </p>
        </div>

        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} className={styles.group} aria-label={t(group.title)}>
            <h2 className={styles.groupTitle}>{t(group.title)}</h2>
            <ul className={styles.links}>
              {group.pages.map((name) => (
                <li key={name}>
                  <Link to={pagePath(lang, name)}>{t(`pages.${name}`)}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <div className={`${styles.group} ${styles.support}`}>
          <h2 className={styles.groupTitle}>{t('shell.footer.support')}</h2>
          <ul className={styles.links}>
            <li>
              <a href={SUPPORT_TELEGRAM_URL} target="_blank" rel="noopener noreferrer" className={styles.contact}>
                <TelegramIcon size={16} />
                {SUPPORT_TELEGRAM_HANDLE}
                <span className="visually-hidden"> {t('form.newTab')}</span>
              </a>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={styles.contact}>
                <MailIcon size={16} />
                {SUPPORT_EMAIL}
              </a>
            </li>
          </ul>
        </div>
      </div>

      <div className={styles.monitors}>
        <div className={styles.monitorsText}>
          <h2 className={styles.groupTitle}>{t('shell.footer.monitors')}</h2>
          <p>{t('shell.footer.monitorsHint')}</p>
        </div>
        <ul className={styles.monitorList}>
          {MONITORS.map((monitor) => (
            <li key={monitor.icon}>
              <a href={monitor.url} target="_blank" rel="noopener noreferrer" className={styles.monitor}>
                <img
                  src={`/icons/monitors/${monitor.icon}.svg`}
                  alt={`${monitor.name} ${t('form.newTab')}`}
                  width={120}
                  height={32}
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ul>
      </div>

      <div className={styles.bottom}>
        <p>{t('shell.footer.copyright')}</p>
      </div>
    </footer>
  );
}
