import { useTranslation } from '../../../lib/i18n';
import type { RefSummary } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { formatAmount } from '../../../lib/format-amount';
import styles from './referral.module.css';

/** The programme's numbers: visits, referrals, active ones, and the money (all in US dollars). */
interface Figure {
  key: string;
  label: string;
  value: string;
  highlight?: boolean;
}

function FigureGroup({ figures, className }: { figures: Figure[]; className: string | undefined }) {
  return (
    <dl className={`${styles.figures} ${className ?? ''}`}>
      {figures.map((figure) => (
        <div
          key={figure.key}
          className={`${styles.figure} ${figure.highlight ? styles.highlight : ''}`}
          data-testid={`referral-figure-${figure.key}`}
        >
          <dt>{figure.label}</dt>
          <dd>{figure.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The programme's numbers: the people the link brought, then the money (all in US dollars). */
export function ReferralFigures({ summary, lang }: { summary: RefSummary; lang: Lang }) {
  const { t } = useTranslation();
  const usd = (value: string) => formatAmount(value, lang, { scale: 2, unit: 'USD' });
  const { activeReferrals: active, activeReferralsRequired: required } = summary;
  const people: Figure[] = [
    { key: 'visits', label: t('referralPage.visits'), value: String(summary.visits) },
    { key: 'referrals', label: t('referralPage.referrals'), value: String(summary.referrals) },
    {
      key: 'active',
      label: t('referralPage.activeReferrals'),
      // "1 of 5" while short of the withdrawal condition; the plain count once it is met.
      value: active < required ? t('referralPage.activeOf', { active, required }) : String(active),
    },
  ];
  const money: Figure[] = [
    { key: 'balance', label: t('referralPage.balance'), value: usd(summary.balanceUsd), highlight: true },
    { key: 'earned', label: t('referralPage.earned'), value: usd(summary.earnedUsd) },
    { key: 'pending', label: t('referralPage.pending'), value: usd(summary.pendingUsd) },
    { key: 'paid', label: t('referralPage.paidOut'), value: usd(summary.paidOutUsd) },
  ];
  return (
    <section className={styles.figureGroups} aria-labelledby="referral-figures-title">
      <h2 id="referral-figures-title" className="visually-hidden">
        {t('referralPage.figuresTitle')}
      </h2>
      <FigureGroup figures={people} className={styles.people} />
      <FigureGroup figures={money} className={styles.money} />
    </section>
  );
}
