import { useTranslation } from '../../../lib/i18n';
import styles from './ticket-steps.module.css';

/** Where the visitor is in making an exchange: 'Шаг 1 из 3' (details), 2 (review), 3 (payment). */
export function TicketSteps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  const labels = [t('ticketCommon.stepDetails'), t('ticketCommon.stepReview'), t('ticketCommon.stepPayment')];
  return (
    <nav className={styles.steps} aria-label={t('ticketCommon.stepsLabel')}>
      <p className={styles.counter}>{t('ticketCommon.stepOf', { step: current, total: labels.length })}</p>
      <ol className={styles.track}>
        {labels.map((label, index) => {
          const step = index + 1;
          const state = step < current ? styles.done : step === current ? styles.current : '';
          return (
            <li key={label} className={`${styles.step} ${state}`} aria-current={step === current ? 'step' : undefined}>
              <span className={styles.dot} aria-hidden="true">
                {step}
              </span>
              <span className={styles.label}>{label}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
