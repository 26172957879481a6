import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { Ticket } from '@obmen/shared/contracts';
import { usePagePath } from '../../../lib/embed-frame';
import { RateSources } from '../../../components/rate-sources';
import { Spinner } from '../../../components/ui/spinner';
import { PayoutReference } from '../../../components/ui/payout-reference';
import { formatDuration } from '../../../hooks/use-time-left';
import { useLanguage } from '../../../hooks/use-language';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { useHydrated } from '../../../hooks/use-hydrated';
import { formatAmount } from '../../../lib/format-amount';
import { formatDateTime } from '../../../lib/format-date';
import { useTicket } from '../api/get-ticket';
import { usePaymentWindow } from '../hooks/use-payment-window';
import { rateText } from '@obmen/shared/money';
import { StatusBadge, useStatusLabel } from './status-badge';
import { TicketLink } from './ticket-link';
import { TicketTelegram } from './ticket-telegram';
import { TicketLoadError } from './ticket-load-error';
import { RefundStatus } from './refund-status';
import { TicketOutcome } from './ticket-outcome';
import { TicketThread } from './ticket-thread';
import styles from './ticket-view.module.css';

// The choices of a payment problem are forms (the contracts' schemas, react-hook-form: ~70 KB
// gzip): fetched when a ticket has one, not by every ticket page.
const PaymentProblem = lazy(() => import('./payment-problem').then((m) => ({ default: m.PaymentProblem })));

/**
 * The ticket page (spec §2 ticket_info): its status and the card of spec §3, kept fresh while it is
 * open. `onSuccess` is what the page adds once the exchange succeeded (the receipt, issue 48).
 */
export function TicketView({ id, onSuccess }: { id: string; onSuccess?: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const ticket = useTicket(id, lang);
  if (ticket.isPending) return <Spinner label={t('common.loading')} />;
  if (ticket.isError) return <TicketLoadError error={ticket.error} onRetry={() => void ticket.refetch()} />;
  return (
    <TicketCard
      ticket={ticket.data}
      onDeadline={() => void ticket.refetch()}
      onSuccess={ticket.data.status === 'success' ? onSuccess : null}
    />
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function NextStep({ ticket, onDeadline }: { ticket: Ticket; onDeadline: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const zone = useTimeZone();
  const hydrated = useHydrated();
  const pagePath = usePagePath();
  const { left } = usePaymentWindow(ticket.status === 'advance' ? ticket.paymentDeadline : null, onDeadline);
  if (ticket.status === 'payment_problem') {
    // Fetched in the browser only: the server's drawing and the hydration show the same spinner
    // (a lazy part the server may or may not have loaded would draw differently on each side).
    return hydrated ? (
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        <PaymentProblem ticket={ticket} />
      </Suspense>
    ) : (
      <Spinner label={t('common.loading')} />
    );
  }
  if (ticket.status === 'refund_requested' || ticket.status === 'refunded') return <RefundStatus ticket={ticket} />;
  if (ticket.status === 'on_review' && ticket.review) {
    return (
      <section className={styles.next} data-testid="aml-review">
        <p>{t(`amlReview.${ticket.review.reason}`)}</p>
        <p data-testid="aml-review-deadline" suppressHydrationWarning>
          {t('ticketInfo.reviewDeadline', { time: formatDateTime(ticket.review.deadline, lang, 'long', zone) })}
        </p>
        <p>{t('ticketInfo.reviewNext')}</p>
      </section>
    );
  }
  if (ticket.status === 'advance') {
    // A transaction on its way: the page polls while the ticket is open, so the count moves by itself.
    const seen = ticket.payments.find((p) => !p.gone && !p.confirmedAt);
    const amount = (sum: string) => `${formatAmount(sum, lang, { scale: ticket.give.scale })} ${ticket.give.valute}`;
    return (
      <section className={styles.next}>
        <p data-testid="awaiting-payment">
          {ticket.rest && ticket.received
            ? t('ticketInfo.awaitingRest', {
                received: amount(ticket.received),
                expected: amount(ticket.give.sum),
                rest: amount(ticket.rest),
                left: formatDuration(left),
              })
            : t('ticketInfo.awaitingPayment', { left: formatDuration(left) })}
        </p>
        {seen && (
          <p className={styles.seen} data-testid="payment-seen">
            {t('ticketInfo.paymentSeen', { count: seen.confirmations, required: seen.required })}
          </p>
        )}
        <Link className={styles.button} to={pagePath(lang, 'payment_info', { id: ticket.id })}>
          {t('ticketInfo.toPayment')}
        </Link>
      </section>
    );
  }
  if (ticket.status === 'card_check') {
    const pending = ticket.cardCheck.status === 'pending';
    return (
      <section className={styles.next}>
        <p>{t(pending ? 'ticketInfo.cardPending' : 'ticketInfo.cardNeeded')}</p>
        <Link className={styles.button} to={pagePath(lang, pending ? 'card_verify' : 'card_check', { id: ticket.id })}>
          {t(pending ? 'ticketInfo.toVerification' : 'ticketInfo.toCardCheck')}
        </Link>
      </section>
    );
  }
  return <TicketOutcome ticket={ticket} showLink={false} headingLevel={2} />;
}

function TicketCard({
  ticket,
  onDeadline,
  onSuccess,
}: {
  ticket: Ticket;
  onDeadline: () => void;
  onSuccess: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const statusLabel = useStatusLabel();
  const zone = useTimeZone();
  const amount = (side: Ticket['give']) => `${formatAmount(side.sum, lang, { scale: side.scale })} ${side.valute}`;
  const created = formatDateTime(ticket.createdAt, lang, 'long', zone);
  const requisites = (list: Ticket['requisites']['give']) =>
    list.length > 0 ? (
      <ul className={styles.values}>
        {list.map((r) => (
          <li key={r.name}>
            <span className={styles.valueLabel}>{r.label}: </span>
            {r.value}
          </li>
        ))}
      </ul>
    ) : (
      '—'
    );

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('ticketInfo.title', { number: ticket.number })}</h1>
        <p className={styles.status} aria-live="polite">
          <span className="visually-hidden">{t('ticketInfo.status')} </span>
          <StatusBadge ticket={ticket} />
        </p>
      </header>
      <NextStep ticket={ticket} onDeadline={onDeadline} />
      {onSuccess}
      <section className={styles.card} aria-labelledby="ticket-details">
        <h2 id="ticket-details" className={styles.cardTitle}>
          {t('ticketInfo.details')}
        </h2>
        <dl className={styles.list}>
          <Row label={t('ticketInfo.id')}>
            <span className={styles.number}>{t('ticketCommon.number', { number: ticket.number })}</span>{' '}
            <code className={styles.code}>{ticket.id}</code>
          </Row>
          {/* A date's words come from Intl, whose tables may differ between the server's Node and
              a browser: the hydration takes the text as drawn (suppressHydrationWarning), and the
              switch to the reader's zone redraws it right after. */}
          <Row label={t('ticketInfo.date')} testId="ticket-created">
            <time dateTime={ticket.createdAt} suppressHydrationWarning>
              {created}
            </time>
          </Row>
          <Row label={t('ticketInfo.give')} testId="ticket-give">
            {amount(ticket.give)} <span className={styles.muted}>· {ticket.give.name}</span>
          </Row>
          <Row label={t('ticketInfo.get')} testId="ticket-get">
            {amount(ticket.get)}
          </Row>
          <Row label={t('ticketInfo.getCurrency')}>{ticket.get.name}</Row>
          <Row label={t('ticketInfo.requisite')}>{requisites(ticket.requisites.get)}</Row>
          <Row label={t('ticketInfo.rate')}>
            <span data-testid="rate">{rateText(ticket.rate, ticket.give, ticket.get, lang)}</span>{' '}
            <span className={styles.muted}>
              · {t(ticket.fixed ? 'ticketCommon.fixedRate' : 'ticketCommon.floatingRate')}
            </span>
            <RateSources rateSources={ticket.rateSources} className={styles.sources} />
          </Row>
          <Row label={t('ticketInfo.paymentDetails')}>{requisites(ticket.requisites.give)}</Row>
          {ticket.promo && (
            <Row label={t('ticketInfo.promo')}>
              {ticket.promo.code} · +{formatAmount(ticket.promo.bonus, lang, { scale: ticket.get.scale })}{' '}
              {ticket.get.valute}
            </Row>
          )}
          {ticket.payoutReference && (
            <Row label={t('ticketInfo.payoutReference')}>
              <PayoutReference
                reference={ticket.payoutReference}
                url={ticket.payoutReferenceUrl}
                className={styles.code}
              />
            </Row>
          )}
          {ticket.payments.length > 0 && (
            <Row label={t('ticketInfo.incoming')} testId="incoming-payments">
              <ul className={styles.values}>
                {ticket.payments.map((payment) => (
                  <li key={payment.txid}>
                    <PayoutReference reference={payment.txid} url={payment.url} className={styles.code} />{' '}
                    <span className={styles.muted}>
                      · {formatAmount(payment.amount, lang, { scale: ticket.give.scale })} {ticket.give.valute}
                      {payment.gone && ` · ${t('ticketInfo.paymentGone')}`}
                    </span>
                  </li>
                ))}
              </ul>
            </Row>
          )}
          {ticket.refundAddress && ticket.status !== 'success' && (
            <Row label={t('ticketInfo.refundAddress')}>
              <code className={styles.code}>{ticket.refundAddress}</code>
            </Row>
          )}
          {ticket.refundTxid && (
            <Row label={t('ticketInfo.refundTxid')}>
              <PayoutReference reference={ticket.refundTxid} url={ticket.refundTxidUrl} className={styles.code} />
            </Row>
          )}
          {ticket.reason && <Row label={t('ticketInfo.reason')}>{ticket.reason}</Row>}
          {ticket.referral && <Row label={t('ticketInfo.referral')}>{ticket.referral}</Row>}
        </dl>
      </section>
      {ticket.history.length > 0 && (
        <section className={styles.card} aria-labelledby="ticket-history">
          <h2 id="ticket-history" className={styles.cardTitle}>
            {t('ticketInfo.history')}
          </h2>
          <ol className={styles.history}>
            {ticket.history.map((entry, index) => {
              const last = index === ticket.history.length - 1;
              return (
                <li key={`${entry.status}:${entry.at}`}>
                  <time dateTime={entry.at} suppressHydrationWarning>
                    {formatDateTime(entry.at, lang, 'short', zone)}
                  </time>
                  <span>{last ? statusLabel(ticket) : t(`ticketStatus.${entry.status}`)}</span>
                </li>
              );
            })}
          </ol>
        </section>
      )}
      <TicketTelegram ticket={ticket} />
      <TicketThread ticketId={ticket.id} />
      <TicketLink ticket={ticket} />
    </div>
  );
}
