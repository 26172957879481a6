import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Navigate } from 'react-router';
import { usePagePath } from '../../../lib/embed-frame';
import { Spinner } from '../../../components/ui/spinner';
import { useLanguage } from '../../../hooks/use-language';
import { useCardCheckStatus } from '../api/get-card-check-status';
import { useTicket } from '../api/get-ticket';
import { CancelTicket } from './cancel-ticket';
import { ExchangeSummary } from './exchange-summary';
import { TicketLink } from './ticket-link';
import { TicketLoadError } from './ticket-load-error';
import { TicketOutcome } from './ticket-outcome';
import { TicketSteps } from './ticket-steps';
import styles from './card-check.module.css';

/**
 * 'Card on verification' (spec §4): asks for the verdict every few seconds and goes to payment
 * once the card is approved; a rejection shows its reason.
 */
export function CardVerify({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const pagePath = usePagePath();
  const status = useCardCheckStatus(id, lang);
  const ticket = useTicket(id, lang);
  // The verdict moved the ticket on (approved, rejected, cancelled): fetch the ticket again.
  const verdictStatus = status.data?.ticketStatus;
  const { refetch } = ticket;
  const stale = verdictStatus !== undefined && ticket.data !== undefined && verdictStatus !== ticket.data.status;
  useEffect(() => {
    if (stale) void refetch();
  }, [stale, refetch]);

  const error = status.error ?? ticket.error;
  if (error) {
    return <TicketLoadError error={error} onRetry={() => void Promise.all([status.refetch(), ticket.refetch()])} />;
  }
  // Until the ticket has caught up with the verdict, the pages it leads to would see the old status.
  if (!status.data || !ticket.data || stale) return <Spinner label={t('common.loading')} />;
  const verdict = status.data;
  if (verdict.ticketStatus === 'advance') return <Navigate to={pagePath(lang, 'payment_info', { id })} replace />;
  if (verdict.ticketStatus === 'card_check' && verdict.status === 'none') {
    return <Navigate to={pagePath(lang, 'card_check', { id })} replace />;
  }
  // Rejected or cancelled: the ticket says why.
  if (verdict.ticketStatus !== 'card_check') return <TicketOutcome ticket={ticket.data} focusOnShow />;
  const data = ticket.data;
  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <TicketSteps current={3} />
        <section className={styles.waiting} aria-labelledby="card-verify-title">
          <Spinner label={t('cardCheck.verifyingShort')} quiet />
          <h1 id="card-verify-title" className={styles.title}>
            {t('cardCheck.verifyingTitle')}
          </h1>
          <p>{t('cardCheck.verifyingText', { number: data.number })}</p>
          <p className={styles.dropHint}>{t('cardCheck.verifyingAuto')}</p>
        </section>
        <div className={styles.actions}>
          <CancelTicket ticket={data} />
        </div>
      </div>
      <aside className={styles.aside}>
        <ExchangeSummary give={data.give} get={data.get} rate={data.rate} fixed={data.fixed} />
        <TicketLink ticket={data} />
      </aside>
    </div>
  );
}
