import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { adminExcessRefund, adminTicketPayment, type AdminTicketDetail } from '@obmen/shared/admin';
import { isLang } from '@obmen/shared/i18n';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { PayoutReference } from '../../components/ui/payout-reference';
import { notify } from '../../lib/notify';
import { useContractForm } from '../../lib/use-contract-form';
import { useRecordExcessRefund, useRecordPayment } from '../api/tickets';
import { TextField } from '../components/fields';
import { formatDateTime } from '../components/format';
import styles from '../components/desk.module.css';
import { TableScroll } from '../components/table-scroll';

/**
 * What arrived for a ticket (watched on the chain or entered by an operator), the payment problem
 * and the refund; where the lifecycle lets a payment be checked (awaiting it, marked paid, or
 * cancelled: then it is late), a way to record a transfer.
 */
export function TicketPayments({ detail }: { detail: AdminTicketDetail }) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  const { ticket } = detail;
  const [recording, setRecording] = useState(false);
  const [sendingExcess, setSendingExcess] = useState(false);
  const excess = ticket.excessRefund;
  const canRecord = detail.canRecordPayment;
  if (ticket.payments.length === 0 && !canRecord && !ticket.refundAddress) return null;
  return (
    <div className={styles.section}>
      <h3 className={styles.subtitle}>{t('admin.payments.title')}</h3>
      {ticket.payments.length > 0 && (
        <TableScroll>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('admin.payments.reference')}</th>
                <th scope="col">{t('admin.payments.amount')}</th>
                <th scope="col">{t('admin.payments.state')}</th>
              </tr>
            </thead>
            <tbody>
              {ticket.payments.map((payment) => (
                <tr key={payment.txid}>
                  <td className={styles.mono}>
                    <PayoutReference reference={payment.txid} url={payment.url} />
                    <div className={`${styles.small} ${styles.muted}`}>
                      {t(`admin.payments.sources.${payment.source}`)} · {formatDateTime(payment.seenAt, lang)}
                    </div>
                  </td>
                  <td className={styles.nowrap}>
                    {payment.amount} {ticket.give.valute}
                  </td>
                  <td>
                    {payment.gone
                      ? t('admin.payments.gone')
                      : payment.confirmedAt
                        ? t('admin.payments.counted')
                        : t('admin.payments.confirmations', {
                            count: payment.confirmations,
                            required: payment.required,
                          })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <dl className={styles.facts}>
        {ticket.paymentProblem && (
          <>
            <dt>{t('admin.payments.problem')}</dt>
            <dd>{t(`paymentProblem.${ticket.paymentProblem}`)}</dd>
          </>
        )}
        {ticket.received && (
          <>
            <dt>{t('admin.payments.received')}</dt>
            <dd>
              {ticket.received} {ticket.give.valute}
            </dd>
          </>
        )}
        {ticket.refundAddress && (
          <>
            <dt>{t('admin.payments.refundAddress')}</dt>
            <dd className={styles.mono}>{ticket.refundAddress}</dd>
          </>
        )}
        {ticket.refundTxid && (
          <>
            <dt>{t('admin.payments.refundTxid')}</dt>
            <dd className={styles.mono}>
              <PayoutReference reference={ticket.refundTxid} url={ticket.refundTxidUrl} />
            </dd>
          </>
        )}
        {excess && (
          <>
            <dt>{t('admin.payments.excessRefund')}</dt>
            <dd data-testid="excess-refund">
              {/* One block of lines: the amount, where it goes, and its transaction or that it is owed. */}
              <div>
                <div>
                  {t('admin.payments.excessRefundFigures', {
                    amount: excess.amount,
                    fee: excess.fee,
                    valute: ticket.give.valute,
                  })}
                </div>
                <div className={styles.mono}>{excess.address}</div>
                {excess.txid ? (
                  <PayoutReference reference={excess.txid} url={excess.txidUrl} />
                ) : (
                  <strong>{t('admin.payments.excessRefundOwed')}</strong>
                )}
              </div>
            </dd>
          </>
        )}
      </dl>
      {excess && !excess.txid && (
        <button type="button" className={styles.smallButton} onClick={() => setSendingExcess(true)}>
          {t('admin.payments.excessRefundSent')}
        </button>
      )}
      {sendingExcess && <ExcessRefundDialog detail={detail} onClose={() => setSendingExcess(false)} />}
      {canRecord && (
        <button type="button" className={styles.smallButton} onClick={() => setRecording(true)}>
          {t('admin.payments.record')}
        </button>
      )}
      {recording && <RecordPaymentDialog detail={detail} onClose={() => setRecording(false)} />}
    </div>
  );
}

function RecordPaymentDialog({ detail, onClose }: { detail: AdminTicketDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { ticket } = detail;
  const mutation = useRecordPayment(ticket.id);
  const form = useContractForm({
    schema: adminTicketPayment,
    defaultValues: { amount: '', reference: '' },
    logContext: 'record payment',
    onSubmit: async (body) => {
      await mutation.mutateAsync(body);
      notify({ status: 'success', message: t('admin.payments.recorded', { number: ticket.number }) });
      onClose();
    },
  });
  const formId = `${ticket.id}-payment`;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.payments.dialogTitle', { number: ticket.number })}
      description={t('admin.payments.dialogDescription', { sum: ticket.give.sum, valute: ticket.give.valute })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={form.isSubmitting}>
            {t('admin.payments.record')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={form.handleSubmit} noValidate>
        <FormAlert messages={form.formErrors} />
        <TextField
          label={t('admin.payments.amountLabel', { valute: ticket.give.valute })}
          inputMode="decimal"
          autoComplete="off"
          error={form.error('amount')}
          {...form.field('amount')}
        />
        <TextField
          label={t('admin.payments.referenceLabel')}
          hint={t('admin.payments.referenceHint')}
          autoComplete="off"
          spellCheck={false}
          error={form.error('reference')}
          {...form.field('reference')}
        />
      </form>
    </Dialog>
  );
}

/** The operator sent the excess back by hand: its transaction goes on the ticket and in the client's mail. */
function ExcessRefundDialog({ detail, onClose }: { detail: AdminTicketDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { ticket } = detail;
  const mutation = useRecordExcessRefund(ticket.id);
  const form = useContractForm({
    schema: adminExcessRefund,
    defaultValues: { refundTxid: '' },
    logContext: 'record excess refund',
    onSubmit: async (body) => {
      await mutation.mutateAsync(body);
      notify({ status: 'success', message: t('admin.payments.excessRefundRecorded', { number: ticket.number }) });
      onClose();
    },
  });
  const formId = `${ticket.id}-excess-refund`;
  const excess = ticket.excessRefund!;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.payments.excessDialogTitle', { number: ticket.number })}
      description={t('admin.payments.excessDialogDescription', {
        amount: excess.amount,
        valute: ticket.give.valute,
        address: excess.address,
      })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('admin.common.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={form.isSubmitting}>
            {t('admin.payments.excessRefundSent')}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={form.handleSubmit} noValidate>
        <FormAlert messages={form.formErrors} />
        <TextField
          label={t('admin.actions.refundTxid')}
          hint={t('admin.actions.refundTxidHint')}
          autoComplete="off"
          spellCheck={false}
          error={form.error('refundTxid')}
          {...form.field('refundTxid')}
        />
      </form>
    </Dialog>
  );
}
