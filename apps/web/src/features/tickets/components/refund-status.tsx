import type { Ticket } from '@obmen/shared/contracts';
import { useTranslation } from '../../../lib/i18n';
import styles from './payment-problem.module.css';

/** After the choice of a refund: waiting for the operator, then sent with its transaction. */
export function RefundStatus({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const done = ticket.status === 'refunded';
  return (
    <section className={styles.problem} aria-labelledby="refund-status" data-testid="refund-status">
      <h2 id="refund-status" className={styles.title}>
        {t(done ? 'problemChoice.refundedTitle' : 'problemChoice.refundRequestedTitle')}
      </h2>
      <p>
        {t(done ? 'problemChoice.refundedText' : 'problemChoice.refundRequestedText', {
          address: ticket.refundAddress ?? '—',
        })}
      </p>
    </section>
  );
}
