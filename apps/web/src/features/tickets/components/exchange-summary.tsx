import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { CountdownRing } from '../../../components/ui/countdown-ring';
import { useLanguage } from '../../../hooks/use-language';
import { formatAmount } from '../../../lib/format-amount';
import { rateText } from '@obmen/shared/money';
import styles from './exchange-summary.module.css';

export interface SummarySide {
  name: string;
  valute: string;
  iconPath: string;
  scale: number;
  sum: string;
}

interface ExchangeSummaryProps {
  give: SummarySide;
  get: SummarySide;
  rate: string;
  fixed: boolean;
  /** A live quote's countdown; none on a ticket, whose rate is settled. */
  countdown?: { deadline: number; totalMs: number } | undefined;
  /** A new quote is on its way: the numbers shown may be about to change. */
  updating?: boolean;
  /** Lines under the rate: the promo bonus, the discount… */
  extra?: ReactNode;
  headingLevel?: 2 | 3;
}

function Side({ label, side, testId }: { label: string; side: SummarySide; testId: string }) {
  const lang = useLanguage();
  return (
    <div className={styles.side}>
      <span className={styles.sideLabel}>{label}</span>
      <span className={styles.amountRow}>
        {side.iconPath && <img className={styles.icon} src={side.iconPath} alt="" width={32} height={32} />}
        <span className={styles.amount} data-testid={testId}>
          {formatAmount(side.sum, lang, { scale: side.scale })} <span className={styles.valute}>{side.valute}</span>
        </span>
      </span>
      <span className={styles.name}>{side.name}</span>
    </div>
  );
}

/** The exchange at a glance: what is given, what is got, at what rate, and how long the rate holds. */
export function ExchangeSummary({
  give,
  get,
  rate,
  fixed,
  countdown,
  updating = false,
  extra,
  headingLevel = 2,
}: ExchangeSummaryProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.card} aria-labelledby={headingId} aria-busy={updating}>
      <Heading id={headingId} className={styles.title}>
        {t('ticketCommon.exchange')}
      </Heading>
      <Side label={t('ticketCommon.youGive')} side={give} testId="summary-give" />
      <span className={styles.arrow} aria-hidden="true">
        ↓
      </span>
      <Side label={t('ticketCommon.youGet')} side={get} testId="summary-get" />
      <div className={styles.rate}>
        <div>
          <span className={styles.rateLabel}>{t(fixed ? 'ticketCommon.fixedRate' : 'ticketCommon.floatingRate')}</span>
          <span className={styles.rateValue} data-testid="rate">
            {rateText(rate, give, get, lang)}
          </span>
        </div>
        {countdown && (
          <CountdownRing
            deadline={countdown.deadline}
            totalMs={countdown.totalMs}
            label={t(fixed ? 'ticketCommon.rateFixedFor' : 'ticketCommon.rateUpdatesIn')}
          />
        )}
      </div>
      {extra}
      <p className="visually-hidden" aria-live="polite">
        {updating ? t('ticketCommon.recalculating') : ''}
      </p>
    </section>
  );
}
