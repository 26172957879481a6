import { useTranslation } from '../../../lib/i18n';
import type { Ticket } from '@obmen/shared/contracts';
import styles from './status-badge.module.css';

type StatusFacts = Pick<Ticket, 'status' | 'expired'> & { cardCheck?: Ticket['cardCheck'] };

/** The words for a ticket's status (spec §4); a cancelled ticket says why when the reason is known. */
export function useStatusLabel() {
  const { t } = useTranslation();
  return (ticket: StatusFacts) => {
    if (ticket.status === 'deleted' && ticket.expired) return t('ticket.paymentExpired');
    if (ticket.status === 'deleted' && ticket.cardCheck?.status === 'rejected') return t('ticketCommon.rejected');
    return t(`ticketStatus.${ticket.status}`);
  };
}

export function StatusBadge({ ticket }: { ticket: StatusFacts }) {
  const label = useStatusLabel();
  return (
    <span className={`${styles.badge} ${styles[ticket.status]}`} data-status={ticket.status}>
      {label(ticket)}
    </span>
  );
}
