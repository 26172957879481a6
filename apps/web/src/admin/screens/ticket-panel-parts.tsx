import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useQuery } from '@tanstack/react-query';
import { adminTicketActionBodies, type AdminTicketAction, type AdminTicketDetail } from '@obmen/shared/admin';
import { isLang } from '@obmen/shared/i18n';
import { Button } from '../../components/ui/button';
import { CopyButton } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../lib/notify';
import { useContractForm } from '../../lib/use-contract-form';
import { formatDuration, useTimeLeft } from '../../hooks/use-time-left';
import { adminImage, adminKeys } from '../api/admin-request';
import { useTicketAction } from '../api/tickets';
import { CannedReplyPicker } from '../components/canned-reply-picker';
import { TextAreaField, TextField } from '../components/fields';
import { formatDateTime } from '../components/format';
import styles from '../components/desk.module.css';

// The ticket panel's parts (ticket-panel.tsx): requisites, the card check, an action's dialog.

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
  clearReview: ['note'],
  refuseReview: ['note'],
};

/** Steps that end a ticket badly or refuse a client: their confirm button is red. */
export const DESTRUCTIVE: readonly AdminTicketAction[] = ['fail', 'rejectCard', 'cancel', 'refuseReview'];
const NOTE_REQUIRED: readonly AdminTicketAction[] = [
  'freeze',
  'fail',
  'rejectCard',
  'cancel',
  'clearReview',
  'refuseReview',
];

export function Requisites({
  title,
  items,
}: {
  title: string;
  items: { name: string; label: string; value: string }[];
}) {
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

export function CardCheck({ detail }: { detail: AdminTicketDetail }) {
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

export function ActionDialog({
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
          <CannedReplyPicker ticketId={ticketId} onPick={(text) => form.setValue('note', text)} />
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
          <CannedReplyPicker ticketId={ticketId} onPick={(text) => form.setValue('refundNote', text)} />
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

/** The time left on an unpaid ticket's clock, ticking: when it runs out the ticket expires and its hold goes. */
export function TimeLeft({ deadline }: { deadline: string }) {
  const { t } = useTranslation();
  const left = useTimeLeft(Date.parse(deadline));
  return (
    <span className={`${styles.small} ${styles.muted}`} data-testid="deadline-left">
      {left > 0 ? t('admin.ticket.timeLeft', { time: formatDuration(left) }) : t('admin.ticket.timeUp')}
    </span>
  );
}
