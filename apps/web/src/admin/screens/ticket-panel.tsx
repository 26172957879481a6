import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { adminTicketActionBodies, type AdminTicketAction, type AdminTicketDetail } from '@obmen/shared/admin';
import { isLang } from '@obmen/shared/i18n';
import { rateText } from '@obmen/shared/money';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { PayoutReference } from '../../components/ui/payout-reference';
import { notify } from '../../lib/notify';
import { useContractForm } from '../../lib/use-contract-form';
import { adminImage, adminKeys } from '../api/admin-request';
import { useTicket, useTicketAction } from '../api/tickets';
import { Badge, TicketStatusBadge } from '../components/badges';
import { TextAreaField, TextField } from '../components/fields';
import { formatDateTime, formatSum } from '../components/format';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';
import { TicketPayments } from './ticket-payments';

type ActionField = 'payoutReference' | 'note' | 'refundNote' | 'refundTxid' | 'refundAddress';

/** What each action asks for, in the order it asks; whether a field is required comes from the shared schema. */
const ACTION_FIELDS: Record<AdminTicketAction, readonly ActionField[]> = {
  markPaid: ['note'],
  complete: ['payoutReference', 'note'],
  freeze: ['note'],
  release: ['note'],
  fail: ['note', 'refundNote'],
  approveCard: ['note'],
  rejectCard: ['note'],
  cancel: ['note'],
  requestRefund: ['refundAddress', 'note'],
  refund: ['refundTxid', 'note'],
};

/** Steps that end a ticket badly or refuse a client: their confirm button is red. */
const DESTRUCTIVE: readonly AdminTicketAction[] = ['fail', 'rejectCard', 'cancel'];
const NOTE_REQUIRED: readonly AdminTicketAction[] = ['freeze', 'fail', 'rejectCard', 'cancel'];

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
            {detail.feePercent} %
            {detail.discountPercent !== '0' && (
              <span className={styles.muted}>{t('admin.ticket.discount', { value: detail.discountPercent })}</span>
            )}
          </dd>
          <dt>{t('admin.ticket.usdValue')}</dt>
          <dd>$ {detail.usdValue}</dd>
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
              <dt>{t('admin.ticket.deadline')}</dt>
              <dd>{formatDateTime(ticket.paymentDeadline, lang)}</dd>
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

      <TicketPayments detail={detail} />

      <Requisites title={t('admin.ticket.requisitesGive')} items={ticket.requisites.give} />
      <Requisites title={t('admin.ticket.requisitesGet')} items={ticket.requisites.get} />
      {ticket.payTo && (
        <Requisites title={t('admin.ticket.payTo')} items={ticket.payTo.map((p, i) => ({ name: String(i), ...p }))} />
      )}

      {(ticket.status === 'card_check' || detail.cardCheck.status !== 'none') && <CardCheck detail={detail} />}

      <div className={styles.section}>
        <h3 className={styles.subtitle}>{t('admin.ticket.history')}</h3>
        <div className={styles.tableWrap}>
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
        </div>
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

function Requisites({ title, items }: { title: string; items: { name: string; label: string; value: string }[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <div className={styles.section}>
      <h3 className={styles.subtitle}>{title}</h3>
      <dl className={styles.facts}>
        {items.map((item) => (
          <div key={item.name} className={styles.contents}>
            <dt>{item.label}</dt>
            <dd className={styles.mono}>
              {item.value}
              <CopyButton
                text={item.value}
                label={t('admin.common.copyWhat', { what: item.label })}
                copiedMessage={t('admin.common.copied')}
              />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function CardCheck({ detail }: { detail: AdminTicketDetail }) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  const { cardCheck, ticket } = detail;
  const image = useQuery({
    queryKey: [...adminKeys.ticket(ticket.id), 'card-image', cardCheck.uploadedAt],
    queryFn: ({ signal }) => adminImage(`/tickets/${encodeURIComponent(ticket.id)}/card-image`, signal),
    enabled: cardCheck.uploadedAt !== null,
    staleTime: Infinity,
  });
  const url = image.data ?? null;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return (
    <div className={styles.section}>
      <h3 className={styles.subtitle}>{t('admin.ticket.cardCheck')}</h3>
      <p className={styles.flush}>
        {t(`admin.ticket.cardStatus.${cardCheck.status}`)}
        {cardCheck.uploadedAt && (
          <span className={`${styles.small} ${styles.muted}`}>
            {' '}
            · {t('admin.ticket.uploaded', { time: formatDateTime(cardCheck.uploadedAt, lang) })}
          </span>
        )}
      </p>
      {cardCheck.reason && <p className={styles.flush}>{cardCheck.reason}</p>}
      {url && (
        <a href={url} target="_blank" rel="noreferrer">
          <img src={url} alt={t('admin.ticket.cardPhoto', { number: ticket.number })} className={styles.thumb} />
        </a>
      )}
      {image.isError && <p className={styles.inlineError}>{t('error.unexpected')}</p>}
    </div>
  );
}

function ActionDialog({
  ticketId,
  number,
  action,
  refundAddress,
  onClose,
}: {
  ticketId: string;
  number: number;
  action: AdminTicketAction;
  /** The address the client gave up front, if any: it pre-fills a refund's. */
  refundAddress: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useTicketAction(ticketId);
  const fields = ACTION_FIELDS[action];
  const form = useContractForm({
    schema: adminTicketActionBodies[action],
    defaultValues: { payoutReference: '', note: '', refundNote: '', refundTxid: '', refundAddress },
    logContext: `ticket action ${action}`,
    onSubmit: async (body) => {
      await mutation.mutateAsync({ action, body });
      notify({ status: 'success', message: t(`admin.actions.${action}.done`, { number }) });
      onClose();
    },
  });
  const noteLabel = NOTE_REQUIRED.includes(action) ? t('admin.actions.reason') : t('admin.actions.comment');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`admin.actions.${action}.title`, { number })}
      description={t(`admin.actions.${action}.description`)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('admin.common.cancel')}
          </Button>
          <Button
            type="submit"
            form={`${ticketId}-${action}`}
            className={DESTRUCTIVE.includes(action) ? styles.dangerButton : undefined}
            loading={form.isSubmitting}
          >
            {t(`admin.actions.${action}.button`)}
          </Button>
        </>
      }
    >
      <form id={`${ticketId}-${action}`} className={styles.form} onSubmit={form.handleSubmit} noValidate>
        <FormAlert messages={form.formErrors} />
        {fields.includes('payoutReference') && (
          <TextField
            label={t('admin.actions.payoutReference')}
            hint={t('admin.actions.payoutReferenceHint')}
            autoComplete="off"
            spellCheck={false}
            error={form.error('payoutReference')}
            {...form.field('payoutReference')}
          />
        )}
        {fields.includes('refundAddress') && (
          <TextField
            label={t('admin.actions.refundAddress')}
            hint={t('admin.actions.refundAddressHint')}
            autoComplete="off"
            spellCheck={false}
            error={form.error('refundAddress')}
            {...form.field('refundAddress')}
          />
        )}
        {fields.includes('refundTxid') && (
          <TextField
            label={t('admin.actions.refundTxid')}
            hint={t('admin.actions.refundTxidHint')}
            autoComplete="off"
            spellCheck={false}
            error={form.error('refundTxid')}
            {...form.field('refundTxid')}
          />
        )}
        {fields.includes('note') && (
          <TextAreaField
            label={noteLabel}
            hint={t('admin.actions.noteHint')}
            rows={3}
            error={form.error('note')}
            {...form.field('note')}
          />
        )}
        {fields.includes('refundNote') && (
          <TextAreaField
            label={t('admin.actions.refundNote')}
            hint={t('admin.actions.refundNoteHint')}
            rows={3}
            error={form.error('refundNote')}
            {...form.field('refundNote')}
          />
        )}
      </form>
    </Dialog>
  );
}
