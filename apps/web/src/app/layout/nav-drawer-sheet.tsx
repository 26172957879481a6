import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from '../../lib/i18n';
import { NavLink } from 'react-router';
import { pagePath } from '@obmen/shared/routing';
import { CloseIcon } from '../../components/ui/icons';
import { ClockIcon, MailIcon, TelegramIcon } from '../../components/ui/shell-icons';
import { useLanguage } from '../../hooks/use-language';
import { SUPPORT_EMAIL, SUPPORT_TELEGRAM_HANDLE, SUPPORT_TELEGRAM_URL } from '../../lib/support-contacts';
import { Logo } from './logo';
import { NAV_PAGES } from './nav-links';
import headerStyles from './header.module.css';
import styles from './nav-drawer.module.css';

/**
 * The small-screen menu (spec §2): a side sheet repeating the header's links, with support's
 * contacts underneath. A Radix dialog: focus trapped inside, Escape and the backdrop close it.
 */
export default function NavDrawerSheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content className={styles.sheet} aria-describedby={undefined}>
          <div className={styles.top}>
            <Logo />
            <RadixDialog.Close className={headerStyles.iconButton} aria-label={t('common.close')}>
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Title className="visually-hidden">{t('shell.drawer.title')}</RadixDialog.Title>
          <nav aria-label={t('shell.nav.label')}>
            <ul className={styles.links}>
              {NAV_PAGES.map((name) => (
                <li key={name}>
                  <NavLink to={pagePath(lang, name)} className={styles.link} onClick={() => onOpenChange(false)}>
                    {t(`shell.nav.${name}`)}
                  </NavLink>
                </li>
              ))}
              <li>
                <NavLink to={pagePath(lang, 'find_ticket')} className={styles.link} onClick={() => onOpenChange(false)}>
                  {t('shell.findTicket')}
                </NavLink>
              </li>
            </ul>
          </nav>
          <div className={styles.support}>
            <p className={styles.supportTitle}>
              <ClockIcon size={18} />
              {t('shell.drawer.support')}
            </p>
            <a className={styles.contact} href={SUPPORT_TELEGRAM_URL} target="_blank" rel="noopener noreferrer">
              <TelegramIcon size={18} />
              {SUPPORT_TELEGRAM_HANDLE}
              <span className="visually-hidden"> {t('form.newTab')}</span>
            </a>
            <a className={styles.contact} href={`mailto:${SUPPORT_EMAIL}`}>
              <MailIcon size={18} />
              {SUPPORT_EMAIL}
            </a>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
