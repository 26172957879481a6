import { useTranslation } from '../../../lib/i18n';
import { REFERRAL_TERMS, type RefSummary } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { formatAmount } from '../../../lib/format-amount';
import styles from './referral.module.css';

/** The business statements of the programme (spec §1), with the numbers the server applies. */
export function ProgrammeTerms({ summary, lang }: { summary: RefSummary; lang: Lang }) {
  const { t } = useTranslation();
  const percent = (value: string) => formatAmount(value, lang);
  const terms = [
    t('referralPage.termReward', { reward: percent(REFERRAL_TERMS.rewardPercent) }),
    t('referralPage.termProfit', { profit: percent(REFERRAL_TERMS.minProfitPercent) }),
    t('referralPage.termActive', { required: summary.activeReferralsRequired }),
    t('referralPage.termMinimum', { minimum: formatAmount(summary.minPayoutUsd, lang, { scale: 2, unit: 'USD' }) }),
    t('referralPage.termPayout', { hours: REFERRAL_TERMS.payoutHours }),
  ];
  return (
    <section className={styles.card} aria-labelledby="referral-terms-title">
      <h2 id="referral-terms-title" className={styles.cardTitle}>
        {t('referralPage.termsTitle')}
      </h2>
      <ol className={styles.terms}>
        {terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ol>
    </section>
  );
}
