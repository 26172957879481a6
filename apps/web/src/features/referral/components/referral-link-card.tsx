import { useTranslation } from '../../../lib/i18n';
import type { RefSummary } from '@obmen/shared/contracts';
import { CopyButton } from '../../../components/ui/copy-button';
import styles from './referral.module.css';

/** The personal link (`/{lang}/?r=ID` on the site's address) and a button that copies it. */
export function ReferralLinkCard({ summary }: { summary: RefSummary }) {
  const { t } = useTranslation();
  return (
    <section className={`${styles.card} ${styles.linkCard}`} aria-labelledby="referral-link-title">
      <h2 id="referral-link-title" className={styles.cardTitle}>
        {t('referralPage.linkTitle')}
      </h2>
      <p className={styles.muted}>{t('referralPage.linkHint')}</p>
      <div className={styles.linkRow}>
        <p className={styles.link} data-testid="referral-link">
          {summary.link}
        </p>
        <CopyButton
          text={summary.link}
          copiedMessage={t('referralPage.linkCopied')}
          label={t('referralPage.copyLink')}
          showLabel
        />
      </div>
    </section>
  );
}
