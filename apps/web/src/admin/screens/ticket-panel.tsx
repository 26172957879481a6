import { useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { type AdminTicketAction } from '@obmen/shared/admin';
import { isLang } from '@obmen/shared/i18n';
import { rateText } from '@obmen/shared/money';
import { CopyButton } from '../../components/ui/copy-button';
import { PayoutReference } from '../../components/ui/payout-reference';
import { useTicket } from '../api/tickets';
import { Badge, TicketStatusBadge } from '../components/badges';
import { formatDateTime, formatPercent, formatSum, formatUsd } from '../components/format';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';
import { TicketPanelPayout } from './ticket-panel-payout';
import { TicketClaimBar } from './ticket-claim-bar';
import { TicketPayments } from './ticket-payments';
import { TicketPanelTelegram } from './ticket-panel-telegram';
import { TicketThread } from './ticket-thread';
import { ActionDialog, CardCheck, DESTRUCTIVE, Requisites, TimeLeft } from './ticket-panel-parts';
import { TableScroll } from '../components/table-scroll';

/** One ticket as an operator needs it: amounts, client, requisites, card photo, history, mails and the next steps. */
export function TicketPanel({ id, closeTo }: { id: string; closeTo: string }) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  const query = useTicket(id);
  const [action, setAction] = useState<AdminTicketAction | null>(null);
  const headingId = useId();

  if (!query.data) {
    return (
      <section className={styles.panel} aria-label={t('admin.ticket.title')}>
        <Link to={closeTo} className={styles.smallButton}>
          {t('admin.common.backToList')}
        </Link>
        <QueryState error={query.error} onRetry={() => void query.refetch()} />
      </section>
    );
  }
  const detail = query.data;
  const { ticket } = detail;

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="ticket-panel">
      <div className={styles.header}>
        <h2 id={headingId} className={styles.subtitle}>
          {t('admin.ticket.heading', { number: ticket.number })} <TicketStatusBadge status={ticket.status} />
        </h2>
        <Link to={closeTo} className={styles.smallButton}>
          {t('admin.common.close')}
          <span className="visually-hidden"> ({t('admin.ticket.heading', { number: ticket.number })})</span>
        </Link>
      </div>

      <TicketClaimBar detail={detail} />

      {detail.actions.length > 0 ? (
        <div className={styles.actions} role="group" aria-label={t('admin.ticket.actionsLabel')}>
          {detail.actions.map((name) => (
            <button
              key={name}
              type="button"
              className={`${styles.smallButton} ${DESTRUCTIVE.includes(name) ? styles.danger : ''}`}
              onClick={() => setAction(name)}
            >
              {t(`admin.actions.${name}.button`)}
            </button>
          ))}
        </div>
      ) : (
        <p className={`${styles.muted} ${styles.small}`}>{t('admin.ticket.finished')}</p>
      )}

      <div className={styles.section}>
        <dl className={styles.facts}>
          <dt>{t('admin.ticket.give')}</dt>
          <dd>
            <strong>{formatSum(ticket.give, lang)}</strong>
            <span className={styles.muted}>{ticket.give.name}</span>
          </dd>
          <dt>{t('admin.ticket.get')}</dt>
          <dd>
            <strong>{formatSum(ticket.get, lang)}</strong>
            <span className={styles.muted}>{ticket.get.name}</span>
          </dd>
          <dt>{t('admin.ticket.rate')}</dt>
          <dd>
            <span>
              {/* The words the client's page and mails print, so both read the same rate. */}
              {rateText(ticket.rate, ticket.give, ticket.get, lang)}{' '}
              {ticket.fixed ? <Badge tone="accent">{t('admin.ticket.fixed')}</Badge> : null}
            </span>
          </dd>
          <dt>{t('admin.ticket.fee')}</dt>
          <dd>
            {formatPercent(detail.feePercent, lang)}
            {detail.discountPercent !== '0' && (
              <span className={styles.muted}>
                {t('admin.ticket.discount', { value: formatPercent(detail.discountPercent, lang) })}
              </span>
            )}
          </dd>
          <dt>{t('admin.ticket.usdValue')}</dt>
          <dd>{formatUsd(detail.usdValue, lang)}</dd>
          {ticket.promo && (
            <>
              <dt>{t('admin.ticket.promo')}</dt>
              <dd className={styles.mono}>
                {ticket.promo.code} (+{ticket.promo.bonus} {ticket.get.valute})
              </dd>
            </>
          )}
          <dt>{t('admin.ticket.processing')}</dt>
          <dd>{ticket.manual ? t('admin.ticket.manual') : t('admin.ticket.automatic')}</dd>
          <dt>{t('admin.ticket.created')}</dt>
          <dd>{formatDateTime(ticket.createdAt, lang)}</dd>
          {ticket.paymentDeadline && (
            <>
              <dt>
                {ticket.status === 'card_check' && detail.cardCheck.status === 'pending'
                  ? t('admin.ticket.checkBy')
                  : t('admin.ticket.deadline')}
              </dt>
              <dd>
                {formatDateTime(ticket.paymentDeadline, lang)} <TimeLeft deadline={ticket.paymentDeadline} />
              </dd>
            </>
          )}
          {ticket.reason && (
            <>
              <dt>{t('admin.ticket.reason')}</dt>
              <dd>{ticket.reason}</dd>
            </>
          )}
          {ticket.payoutReference && (
            <>
              <dt>{t('admin.ticket.payoutReference')}</dt>
              <dd className={styles.mono}>
                <PayoutReference reference={ticket.payoutReference} url={ticket.payoutReferenceUrl} />
              </dd>
            </>
          )}
          {detail.refundNote && (
            <>
              <dt>{t('admin.ticket.refundNote')}</dt>
              <dd>{detail.refundNote}</dd>
            </>
          )}
        </dl>
      </div>

      {detail.payout && <TicketPanelPayout payout={detail.payout} />}

      <div className={styles.section}>
        <h3 className={styles.subtitle}>{t('admin.ticket.client')}</h3>
        <dl className={styles.facts}>
          <dt>{t('admin.ticket.email')}</dt>
          <dd className={styles.mono}>
            {ticket.email}
            <CopyButton text={ticket.email} label={t('admin.common.copy')} copiedMessage={t('admin.common.copied')} />
          </dd>
          <dt>{t('admin.ticket.account')}</dt>
          <dd>{detail.username ?? t('admin.ticket.anonymous')}</dd>
          <dt>{t('admin.ticket.language')}</dt>
          <dd>{detail.lang.toUpperCase()}</dd>
          <dt>{t('admin.ticket.link')}</dt>
          <dd>
            <a href={`/${detail.lang}/ticket/${ticket.id}`} target="_blank" rel="noreferrer" className={styles.mono}>
              /{detail.lang}/ticket/{ticket.id}
            </a>
          </dd>
        </dl>
      </div>

      <TicketThread ticketId={ticket.id} />

      <TicketPayments detail={detail} />

      <Requisites title={t('admin.ticket.requisitesGive')} items={ticket.requisites.give} />
      <Requisites title={t('admin.ticket.requisitesGet')} items={ticket.requisites.get} />
      {ticket.payTo && (
        <Requisites title={t('admin.ticket.payTo')} items={ticket.payTo.map((p, i) => ({ name: String(i), ...p }))} />
      )}

      {(ticket.status === 'card_check' || detail.cardCheck.status !== 'none') && <CardCheck detail={detail} />}

      <div className={styles.section}>
        <h3 className={styles.subtitle}>{t('admin.ticket.history')}</h3>
        <TableScroll>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('admin.ticket.when')}</th>
                <th scope="col">{t('admin.ticket.change')}</th>
                <th scope="col">{t('admin.ticket.who')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.history.map((entry) => (
                <tr key={entry.id}>
                  <td className={styles.nowrap}>{formatDateTime(entry.at, lang)}</td>
                  <td>
                    {entry.from ? `${t(`ticketStatus.${entry.from}`)} → ` : ''}
                    {t(`ticketStatus.${entry.to}`)}
                    {entry.note && <div className={`${styles.small} ${styles.muted}`}>{entry.note}</div>}
                  </td>
                  <td>
                    {entry.actor === 'client' || entry.actor === 'system' || entry.actor === 'operator'
                      ? t(`admin.ticket.actors.${entry.actor}`)
                      : entry.actor}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </div>

      <div className={styles.section}>
        <h3 className={styles.subtitle}>{t('admin.ticket.mails')}</h3>
        {detail.mails.length === 0 ? (
          <p className={styles.muted}>{t('admin.ticket.noMails')}</p>
        ) : (
          <ul className={styles.plainList}>
            {detail.mails.map((mail) => (
              <li key={mail.id}>
                <details>
                  <summary>
                    {mail.subject}{' '}
                    <span className={`${styles.small} ${styles.muted}`}>
                      {formatDateTime(mail.createdAt, lang)} · {t(`admin.outbox.statuses.${mail.status}`)}
                    </span>
                  </summary>
                  <pre className={styles.pre}>{mail.text}</pre>
                </details>
              </li>
            ))}
          </ul>
        )}
      </div>

      <TicketPanelTelegram ticketId={ticket.id} lang={lang} />

      {action && (
        <ActionDialog
          key={action}
          ticketId={ticket.id}
          number={ticket.number}
          action={action}
          refundAddress={ticket.refundAddress ?? ''}
          onClose={() => setAction(null)}
        />
      )}
    </section>
  );
}
