import { useTranslation } from '../../../lib/i18n';
import { Navigate } from 'react-router';
import type { Ticket } from '@obmen/shared/contracts';
import { usePagePath } from '../../../lib/embed-frame';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { CountdownRing } from '../../../components/ui/countdown-ring';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { formatDuration } from '../../../hooks/use-time-left';
import { useLanguage } from '../../../hooks/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format-amount';
import { formatTime } from '../../../lib/format-date';
import { reportError } from '../../../lib/report-error';
import { useConfirmTicket } from '../api/confirm-ticket';
import { useTicket } from '../api/get-ticket';
import { usePaymentWindow } from '../hooks/use-payment-window';
import { CancelTicket } from './cancel-ticket';
import { ExchangeSummary } from './exchange-summary';
import { QrCode } from '../../../components/ui/qr-code';
import { TicketLink } from './ticket-link';
import { TicketLoadError } from './ticket-load-error';
import { TicketOutcome } from './ticket-outcome';
import { TicketSteps } from './ticket-steps';
import styles from './payment-info.module.css';

/**
 * The payment page (spec §2 payment info): where and how much to pay until the window closes,
 * 'I have paid' and cancel; once the ticket moves on, the outcome screen of its status.
 */
export function PaymentInfo({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const pagePath = usePagePath();
  const ticket = useTicket(id, lang);

  if (ticket.isPending) return <Spinner label={t('common.loading')} />;
  if (ticket.isError) return <TicketLoadError error={ticket.error} onRetry={() => void ticket.refetch()} />;
  const data = ticket.data;
  if (data.status === 'card_check') {
    const page = data.cardCheck.status === 'pending' ? 'card_verify' : 'card_check';
    return <Navigate to={pagePath(lang, page, { id })} replace />;
  }
  // A payment problem is decided on the ticket's own page, where its choice and its proof are.
  if (data.status === 'payment_problem' || data.status === 'refund_requested' || data.status === 'refunded') {
    return <Navigate to={pagePath(lang, 'ticket_info', { id })} replace />;
  }
  if (data.status !== 'advance') {
    return (
      <div className={styles.page}>
        <TicketOutcome ticket={data} focusOnShow />
      </div>
    );
  }
  return <AwaitingPayment ticket={data} onDeadline={() => void ticket.refetch()} />;
}

function AwaitingPayment({ ticket, onDeadline }: { ticket: Ticket; onDeadline: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const confirm = useConfirmTicket(ticket.id, lang);
  const { deadline, left, closed: passed } = usePaymentWindow(ticket.paymentDeadline, onDeadline);

  const opened = ticket.history.findLast((entry) => entry.status === 'advance');
  const totalMs = deadline && opened ? Math.max(1, deadline - Date.parse(opened.at)) : 30 * 60_000;
  const time = deadline ? formatTime(deadline) : '';
  const money = (sum: string) => `${formatAmount(sum, lang, { scale: ticket.give.scale })} ${ticket.give.valute}`;
  // Part of the sum counted already (issue 45): what is asked now is the rest, to the same address.
  const due = ticket.rest ?? ticket.give.sum;
  const amount = money(due);
  const coin = ticket.give.kind === 'crypto';
  const address = coin ? ticket.payTo?.[0] : undefined;
  const confirmError =
    confirm.error instanceof ApiError && confirm.error.errorMessage ? [confirm.error.errorMessage] : [];

  const payConfirmed = async () => {
    try {
      await confirm.mutateAsync();
    } catch (error) {
      if (!(error instanceof ApiError && error.errorMessage)) reportError('confirming payment failed', error);
    }
  };

  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <TicketSteps current={3} />
        <h1 className={styles.title}>{t('ticketPayment.title', { number: ticket.number })}</h1>

        <section className={styles.deadline} aria-labelledby="payment-deadline">
          {deadline && (
            <CountdownRing deadline={deadline} totalMs={totalMs} label={t('ticketPayment.timeLeft')} size={56} />
          )}
          <div>
            <h2 id="payment-deadline" className={styles.deadlineTitle}>
              {t('ticketPayment.payBefore', { time })}
            </h2>
            <p className={styles.muted} data-testid="payment-time-left">
              {t('ticketPayment.timeLeftText', { left: formatDuration(left) })}
            </p>
          </div>
        </section>

        <section className={styles.card} aria-labelledby="payment-amount">
          <h2 id="payment-amount" className={styles.cardTitle}>
            {t(ticket.rest ? 'ticketPayment.sendRest' : 'ticketPayment.sendExactly')}
          </h2>
          <p className={styles.amountLine}>
            <span className={styles.amount} data-testid="payment-amount">
              {amount}
            </span>
            <CopyButton
              text={due}
              copiedMessage={t('ticketPayment.amountCopied')}
              label={t('ticketPayment.copyAmount')}
            />
          </p>
          <p className={styles.muted}>{ticket.give.name}</p>
          {ticket.rest && ticket.received && (
            <p data-testid="payment-rest-note">
              {t('ticketPayment.restNote', { received: money(ticket.received), expected: money(ticket.give.sum) })}
            </p>
          )}

          <h2 className={styles.cardTitle}>{t('ticketPayment.payTo')}</h2>
          <div className={coin && address ? styles.payToWithQr : undefined}>
            <dl className={styles.payTo}>
              {(ticket.payTo ?? []).map((entry) => (
                <div key={`${entry.label}:${entry.value}`}>
                  <dt>{entry.label}</dt>
                  <dd>
                    <span className={styles.value}>{entry.value}</span>
                    <CopyButton
                      text={entry.value}
                      copiedMessage={t('ticketPayment.detailsCopied')}
                      label={t('ticketPayment.copyValue', { what: entry.label })}
                    />
                  </dd>
                </div>
              ))}
            </dl>
            {address && <QrCode text={address.value} label={t('ticketPayment.qrLabel', { what: address.label })} />}
          </div>
          <ul className={styles.notes}>
            {ticket.give.kind === 'card' || ticket.give.kind === 'bank' ? (
              <>
                <li>{t('ticketPayment.noteOwnCard')}</li>
                <li>{t('ticketPayment.noteNoLegal')}</li>
                <li>{t('ticketPayment.noteLate')}</li>
              </>
            ) : (
              <>
                <li>{t('ticketPayment.noteOneTransfer')}</li>
                <li>{t('ticketPayment.noteNetworkFee')}</li>
              </>
            )}
          </ul>
        </section>

        <FormAlert messages={confirmError} />
        <div className={styles.actions}>
          <CancelTicket ticket={ticket} />
          <Button
            onClick={() => void payConfirmed()}
            loading={confirm.isPending}
            loadingText={t('ticketPayment.confirming')}
            disabled={passed}
          >
            {t('ticketPayment.paid')}
          </Button>
        </div>
        <p className={styles.muted}>{t('ticketPayment.paidHint')}</p>
      </div>
      <aside className={styles.aside}>
        <ExchangeSummary give={ticket.give} get={ticket.get} rate={ticket.rate} fixed={ticket.fixed} headingLevel={2} />
        <TicketLink ticket={ticket} />
      </aside>
    </div>
  );
}
