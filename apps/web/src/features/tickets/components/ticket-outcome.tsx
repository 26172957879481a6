import { createContext, useContext, useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { compareAmounts } from '@obmen/shared/amount-text';
import type { Ticket } from '@obmen/shared/contracts';
import { usePagePath } from '../../../lib/embed-frame';
import { ErrorIcon, SuccessIcon } from '../../../components/ui/icons';
import { PayoutReference } from '../../../components/ui/payout-reference';
import { useLanguage } from '../../../hooks/use-language';
import { formatAmount } from '../../../lib/format-amount';
import { ExcessRefundNote } from './excess-refund-note';
import { TicketLink } from './ticket-link';
import styles from './ticket-outcome.module.css';

type Tone = 'success' | 'pending' | 'danger' | 'muted';

/** How the screen's title sits in its page: the page's own h1, or an h2 under a ticket's heading. */
const HeadingContext = createContext<{ level: 1 | 2; focus: boolean }>({ level: 1, focus: false });

function Screen({
  tone,
  title,
  children,
  actions,
}: {
  tone: Tone;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const { level, focus } = useContext(HeadingContext);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The outcome replaces the screen the client acted on: moving the focus to it reads it out.
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus, title]);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={`${styles.screen} ${styles[tone]}`} aria-labelledby={headingId}>
      <div className={styles.icon} aria-hidden="true">
        {tone === 'success' ? (
          <SuccessIcon size={44} />
        ) : tone === 'pending' ? (
          <span className={styles.clock} />
        ) : (
          <ErrorIcon size={44} />
        )}
      </div>
      <Heading id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </Heading>
      <div className={styles.body}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}

/**
 * What became of a ticket once it left the payment screen (spec §4's outcome screens): in progress
 * with the processing times of spec §1, done, the funds not received, cancelled, expired or on hold.
 */
export function TicketOutcome({
  ticket,
  showLink = true,
  headingLevel = 1,
  focusOnShow = false,
}: {
  ticket: Ticket;
  showLink?: boolean;
  headingLevel?: 1 | 2;
  focusOnShow?: boolean;
}) {
  return (
    <HeadingContext.Provider value={{ level: headingLevel, focus: focusOnShow }}>
      <OutcomeScreens ticket={ticket} showLink={showLink} />
    </HeadingContext.Provider>
  );
}

function OutcomeScreens({ ticket, showLink }: { ticket: Ticket; showLink: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const pagePath = usePagePath();
  const home = <Link to={pagePath(lang, 'home')}>{t('ticketOutcome.newExchange')}</Link>;
  const support = <Link to={pagePath(lang, 'contacts')}>{t('ticketOutcome.contactSupport')}</Link>;
  // The operator's word on the refund of a failed or frozen exchange (issue 34).
  const refund = ticket.refundNote && (
    <p className={styles.reason} data-testid="refund-note">
      {t('ticketOutcome.refund', { note: ticket.refundNote })}
    </p>
  );
  const get = `${formatAmount(ticket.get.sum, lang, { scale: ticket.get.scale })} ${ticket.get.valute}`;
  // The payment counted in full (the watcher, an operator's entry, a continued or settled payment
  // problem): the next step is the payout, not the payment's arrival.
  const received =
    ticket.received !== null && compareAmounts(ticket.received, ticket.give.sum) >= 0
      ? `${formatAmount(ticket.received, lang, { scale: ticket.give.scale })} ${ticket.give.valute}`
      : null;
  const excess = <ExcessRefundNote ticket={ticket} className={styles.note} />;
  const link = showLink ? <TicketLink ticket={ticket} /> : null;
  // Beside the payment screen's outcome, the way to the whole ticket.
  const details = showLink ? (
    <Link to={pagePath(lang, 'ticket_info', { id: ticket.id })}>{t('ticketOutcome.details')}</Link>
  ) : null;

  switch (ticket.status) {
    case 'new':
      return (
        <>
          <Screen tone="pending" title={t('ticketOutcome.pendingTitle')} actions={details}>
            {ticket.payout === 'checking' || ticket.payout === 'sending' ? (
              // The payment is in and the payout is automatic (issue 44): where it is, instead of waiting times.
              <>
                <p data-testid="payout-progress">
                  {t(ticket.payout === 'checking' ? 'ticketOutcome.payoutChecking' : 'ticketOutcome.payoutSending')}
                </p>
                <p className={styles.note}>
                  {t(
                    ticket.payout === 'checking'
                      ? 'ticketOutcome.payoutCheckingNote'
                      : 'ticketOutcome.payoutSendingNote',
                  )}
                </p>
              </>
            ) : received ? (
              <>
                <p data-testid="payment-received">
                  {t('ticketOutcome.receivedText', { number: ticket.number, amount: received, get })}
                </p>
                {ticket.manual && (
                  <ul className={styles.times}>
                    <li>{t('ticketOutcome.pendingManual')}</li>
                  </ul>
                )}
              </>
            ) : (
              <>
                <p>{t('ticketOutcome.pendingText', { number: ticket.number })}</p>
                <ul className={styles.times}>
                  {ticket.manual && <li>{t('ticketOutcome.pendingManual')}</li>}
                  <li>{t('ticketOutcome.pendingPayment')}</li>
                </ul>
              </>
            )}
            {excess}
            <p className={styles.note}>{t('ticketOutcome.pendingMail', { email: ticket.email })}</p>
          </Screen>
          {link}
        </>
      );
    case 'success':
      return (
        <>
          <Screen
            tone="success"
            title={t('ticketOutcome.successTitle')}
            actions={
              <>
                {details}
                {home}
              </>
            }
          >
            <p>{t('ticketOutcome.successText', { amount: get })}</p>
            {ticket.payoutReference && (
              <p className={styles.reference}>
                {t('ticketOutcome.payoutReference')}{' '}
                <PayoutReference reference={ticket.payoutReference} url={ticket.payoutReferenceUrl} />
              </p>
            )}
            {excess}
          </Screen>
          {link}
        </>
      );
    case 'error':
      return (
        <>
          <Screen
            tone="danger"
            title={t('ticketOutcome.errorTitle')}
            actions={
              <>
                {details}
                {support}
              </>
            }
          >
            <p>{t('ticketOutcome.errorText', { number: ticket.number })}</p>
            {ticket.reason && <p className={styles.reason}>{t('ticketOutcome.reason', { reason: ticket.reason })}</p>}
            {refund}
          </Screen>
          {link}
        </>
      );
    case 'frozen':
      return (
        <>
          <Screen
            tone="muted"
            title={t('ticketOutcome.frozenTitle')}
            actions={
              <>
                {details}
                {support}
              </>
            }
          >
            <p>{t('ticketOutcome.frozenText', { email: ticket.email })}</p>
            {ticket.reason && <p className={styles.reason}>{t('ticketOutcome.reason', { reason: ticket.reason })}</p>}
            {refund}
          </Screen>
          {link}
        </>
      );
    case 'deleted':
      if (ticket.expired) {
        return (
          <Screen
            tone="danger"
            title={t('ticket.paymentExpired')}
            actions={
              <>
                {home}
                {support}
              </>
            }
          >
            <p>{t('ticketOutcome.expiredText', { number: ticket.number })}</p>
          </Screen>
        );
      }
      if (ticket.cardCheck.status === 'rejected') {
        return (
          <Screen tone="danger" title={t('ticketOutcome.rejectedTitle')} actions={home}>
            <p>{t('ticketOutcome.rejectedText')}</p>
            {ticket.reason && <p className={styles.reason}>{t('ticketOutcome.reason', { reason: ticket.reason })}</p>}
          </Screen>
        );
      }
      return (
        <Screen tone="muted" title={t('ticketOutcome.cancelledTitle')} actions={home}>
          <p>{t('ticketOutcome.cancelledText', { number: ticket.number })}</p>
          {ticket.reason && <p className={styles.reason}>{t('ticketOutcome.reason', { reason: ticket.reason })}</p>}
        </Screen>
      );
    default:
      return null;
  }
}
