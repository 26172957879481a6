import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { pagePath } from '@obmen/shared/routing';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { useLanguage } from '../../../hooks/use-language';
import { formatAmount } from '../../../lib/format-amount';
import { formatDateTime } from '../../../lib/format-date';
import { TICKETS_PER_PAGE, useTickets } from '../api/get-tickets';
import { LoadProblem } from './load-problem';
import { StatusBadge } from './status-badge';
import styles from './ticket-list.module.css';

/** The user's tickets, newest first, ten a page with five page links (spec §9). */
export function TicketList({ page, hrefFor }: { page: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const tickets = useTickets(page, lang);
  if (tickets.isPending) return <Spinner label={t('common.loading')} />;
  if (tickets.isError)
    return <LoadProblem message={t('ticketCommon.unexpected')} onRetry={() => void tickets.refetch()} />;
  const { items, total } = tickets.data;
  if (total === 0) {
    return (
      <div className={styles.empty}>
        <p>{t('userTickets.empty')}</p>
        <Link to={pagePath(lang, 'home')}>{t('userTickets.start')}</Link>
      </div>
    );
  }
  return (
    <div className={styles.wrap} aria-busy={tickets.isPlaceholderData}>
      <table className={styles.table}>
        <caption className="visually-hidden">{t('userTickets.caption', { page, total })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('userTickets.number')}</th>
            <th scope="col">{t('userTickets.date')}</th>
            <th scope="col">{t('userTickets.give')}</th>
            <th scope="col">{t('userTickets.get')}</th>
            <th scope="col">{t('userTickets.status')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((ticket) => (
            <tr key={ticket.id} data-testid="ticket-row">
              <th scope="row">
                <Link to={pagePath(lang, 'ticket_info', { id: ticket.id })}>
                  {t('ticketCommon.number', { number: ticket.number })}
                </Link>
              </th>
              <td data-label={t('userTickets.date')}>
                <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt, lang, 'short')}</time>
              </td>
              <td data-label={t('userTickets.give')}>
                {formatAmount(ticket.give.sum, lang, { scale: ticket.give.scale })} {ticket.give.valute}
                <span className={styles.name}>{ticket.give.name}</span>
              </td>
              <td data-label={t('userTickets.get')}>
                {formatAmount(ticket.get.sum, lang, { scale: ticket.get.scale })} {ticket.get.valute}
                <span className={styles.name}>{ticket.get.name}</span>
              </td>
              <td data-label={t('userTickets.status')}>
                <StatusBadge ticket={ticket} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination
        page={page}
        perPage={TICKETS_PER_PAGE}
        total={total}
        hrefFor={hrefFor}
        label={t('userTickets.pages')}
      />
    </div>
  );
}
