import { memo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { NoticeDialog } from '../../../components/ui/notice-dialog';
import { useHydrated } from '../../../hooks/use-hydrated';
import { phishingWarningSeen, rememberPhishingWarning } from '../phishing-warning-seen';
import styles from './home-sections.module.css';

const never = () => () => {};

/** The site's own address, as the server knows it (the canonical link it wrote), not whatever is in the bar. */
function ownHost(): string {
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  try {
    return new URL(canonical?.href ?? window.location.href).host;
  } catch {
    return window.location.host;
  }
}

/**
 * The one-time warning about phishing copies of the site (spec §2); any way of closing it counts
 * as read. The server draws it open in every home and pair page, so a first visit's largest
 * paint is not held until the app runs; CSS shows it only to a browser that has not read it
 * (public/theme-init.js says so before the first paint), and once the app runs it is the modal
 * dialog, or gone. Memoised: every quote re-renders the home page, which need not redraw this.
 */
export const PhishingWarning = memo(function PhishingWarning() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // The server does not know the address the visitor typed: the line is kept and filled here.
  const host = useSyncExternalStore(never, ownHost, () => null);
  const [open, setOpen] = useState(true);
  const close = () => {
    rememberPhishingWarning();
    setOpen(false);
  };
  if (!open || (hydrated && phishingWarningSeen())) return null;
  return (
    <NoticeDialog
      onClose={close}
      size="sm"
      modal={hydrated}
      className={styles.warning}
      title={t('home.warning.title')}
      description={t('home.warning.address')}
      footer={
        <Button onClick={close} block>
          {t('home.warning.ok')}
        </Button>
      }
    >
      {/* Beside the description, not in it: the address fills in without the largest paint growing. */}
      <p className={styles.ourAddress}>
        {t('home.warning.ourAddress')} <strong className={styles.host}>{host}</strong>
      </p>
      <ul className={styles.warningList}>
        <li>{t('home.warning.bookmark')}</li>
        <li>{t('home.warning.requisites')}</li>
        <li>{t('home.warning.secrets')}</li>
      </ul>
    </NoticeDialog>
  );
});
