import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import type { AdminAwaitingPayment } from '@obmen/shared/admin';
import { useAdminQuery } from '../api/resources';
import { TicketStatusBadge } from '../components/badges';
import { formatAge, secondsSince } from '../components/format';
import { TicketSums } from '../components/ticket-sums';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { TableScroll } from '../components/table-scroll';

/**
 * Read before a maintenance break: the tickets whose clients have yet to pay. During the break the
 * payment and card pages are closed to them (spec §2) while their payment windows keep running.
 */
export function AwaitingPaymentWarning() {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const awaiting = useAdminQuery<AdminAwaitingPayment>('site-state-awaiting', '/site-state/awaiting-payment');
  if (!awaiting.data) return <QueryState error={awaiting.error} onRetry={() => void awaiting.refetch()} />;
  const { total, items } = awaiting.data;
  if (total === 0) {
    return (
      <p className={`${styles.notice} ${styles.flush}`} data-testid="awaiting-payment">
        {t('admin.siteState.noneAwaiting')}
      </p>
    );
  }
  return (
    <div className={styles.form} data-testid="awaiting-payment">
      <p className={`${styles.notice} ${styles.warning} ${styles.flush}`} role="alert">
        {t('admin.siteState.awaitingWarning', { count: total })}
      </p>
      <TableScroll>
        <table className={styles.table}>
          <caption className="visually-hidden">{t('admin.siteState.awaitingCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.siteState.awaitingTicket')}</th>
              <th scope="col">{t('admin.siteState.awaitingSums')}</th>
              <th scope="col" className={styles.num}>
                {t('admin.siteState.awaitingAge')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((ticket) => (
              <tr key={ticket.id}>
                <td className={styles.nowrap}>
                  <Link to={`/admin/tickets/${ticket.id}`} className={styles.rowLink}>
                    {t('admin.common.ticketNumber', { number: ticket.number })}
                  </Link>
                  <div>
                    <TicketStatusBadge status={ticket.status} />
                  </div>
                </td>
                <td>
                  <TicketSums give={ticket.give} get={ticket.get} lang={lang} />
                </td>
                <td className={styles.num}>{formatAge(secondsSince(ticket.createdAt), lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {total > items.length && (
        <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>
          {t('admin.siteState.awaitingMore', { count: total - items.length })}{' '}
          <Link to="/admin/tickets?status=advance">{t('admin.siteState.awaitingQueue')}</Link>
        </p>
      )}
    </div>
  );
}
