import { useTranslation } from '../../../lib/i18n';
import { compareAmounts } from '@obmen/shared/amount-text';
import type { RefSummary } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { formatAmount } from '../../../lib/format-amount';
import { PayoutForm } from './payout-form';
import styles from './referral.module.css';

/** The withdrawal: the form when one can be asked for, otherwise exactly what is still missing. */
export function PayoutPanel({ owner, lang, summary }: { owner: string; lang: Lang; summary: RefSummary }) {
  const { t } = useTranslation();
  const { activeReferrals: active, activeReferralsRequired: required } = summary;
  const missingReferrals = Math.max(0, required - active);
  const belowMinimum = compareAmounts(summary.balanceUsd, summary.minPayoutUsd) < 0;

  let content: React.ReactNode;
  if (missingReferrals > 0) {
    content = (
      <div className={styles.blocked} data-testid="payout-blocked">
        <p>{t('referralPage.blockedActive', { required, active, missing: missingReferrals })}</p>
        <progress
          className={styles.progress}
          max={required}
          value={active}
          aria-label={t('referralPage.progressLabel', { active, required })}
        />
      </div>
    );
  } else if (belowMinimum || summary.withdrawBlockedReason) {
    content = (
      <div className={styles.blocked} data-testid="payout-blocked">
        <p>
          {belowMinimum
            ? t('referralPage.blockedMinimum', {
                minimum: formatAmount(summary.minPayoutUsd, lang, { scale: 2, unit: 'USD' }),
                balance: formatAmount(summary.balanceUsd, lang, { scale: 2, unit: 'USD' }),
              })
            : summary.withdrawBlockedReason}
        </p>
      </div>
    );
  } else {
    content = <PayoutForm owner={owner} lang={lang} />;
  }

  return (
    <section className={styles.card} aria-labelledby="referral-payout-title">
      <h2 id="referral-payout-title" className={styles.cardTitle}>
        {t('referralPage.payoutTitle')}
      </h2>
      {content}
    </section>
  );
}
