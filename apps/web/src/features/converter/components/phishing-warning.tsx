import { memo, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { NoticeDialog } from '../../../components/ui/notice-dialog';
import { rememberPhishingWarning } from '../phishing-warning-seen';
import styles from './home-sections.module.css';

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
 * as read. Memoised: every quote re-renders the home page, which need not redraw this.
 */
export const PhishingWarning = memo(function PhishingWarning() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const close = () => {
    rememberPhishingWarning();
    setOpen(false);
  };
  if (!open) return null;
  return (
    <NoticeDialog
      onClose={close}
      size="sm"
      title={t('home.warning.title')}
      description={
        <>
          {t('home.warning.address')} {t('home.warning.ourAddress')}{' '}
          <strong className={styles.host}>{ownHost()}</strong>
        </>
      }
      footer={
        <Button onClick={close} block>
          {t('home.warning.ok')}
        </Button>
      }
    >
      <ul className={styles.warningList}>
        <li>{t('home.warning.bookmark')}</li>
        <li>{t('home.warning.requisites')}</li>
        <li>{t('home.warning.secrets')}</li>
      </ul>
    </NoticeDialog>
  );
});
