import { useState } from 'react';
import { adminPayoutReason, adminPayoutResolve, type AdminTicketPayout } from '@obmen/shared/admin';
import { isLang } from '@obmen/shared/i18n';
import { Button } from '../../components/ui/button';
import fieldStyles from '../../components/ui/field.module.css';
import { Dialog } from '../../components/ui/dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useContractForm, type FormSchema } from '../../lib/use-contract-form';
import { usePayoutDecision } from '../api/ticket-payouts';
import { ConfirmDialog } from '../components/confirm-dialog';
import { TextAreaField, TextField } from '../components/fields';
import { formatSum } from '../components/format';
import styles from '../components/desk.module.css';

type Decision = 'approve' | 'retry' | 'cancel' | 'resolve';

/** What an operator may decide in each state (the server refuses the rest with `payout.wrongState`). */
const DECISIONS: Record<AdminTicketPayout['state'], readonly Decision[]> = {
  queued: ['cancel'],
  awaiting_approval: ['approve', 'cancel'],
  sending: [],
  unknown: ['resolve'],
  sent: [],
  failed: ['retry', 'cancel'],
  cancelled: [],
};

/** A payout's buttons and the dialog of the one pressed; `me` is the operator, who may approve only once. */
export function PayoutDecisions({ payout, me }: { payout: AdminTicketPayout; me: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Decision | null>(null);
  const decisions = DECISIONS[payout.state];
  if (decisions.length === 0) return null;
  const approvedByMe = payout.approvals.some((a) => a.operator === me);
  return (
    <div className={styles.actions}>
      {decisions.map((decision) => (
        <button
          key={decision}
          type="button"
          className={`${styles.smallButton} ${decision === 'cancel' ? styles.danger : ''}`}
          disabled={decision === 'approve' && approvedByMe}
          title={decision === 'approve' && approvedByMe ? t('admin.ticketPayouts.approvedByYou') : undefined}
          onClick={() => setOpen(decision)}
        >
          {t(`admin.ticketPayouts.${decision}`)}
          <span className="visually-hidden">
            {' '}
            {t('admin.ticketPayouts.ticketNumber', { number: payout.ticketNumber })}
          </span>
        </button>
      ))}
      {open === 'approve' && <ApproveDialog payout={payout} onClose={() => setOpen(null)} />}
      {open && open !== 'approve' && <DecisionDialog payout={payout} decision={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function ApproveDialog({ payout, onClose }: { payout: AdminTicketPayout; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  const decide = usePayoutDecision();
  // This approval included: more than one left means another operator must approve as well.
  const left = payout.approvalsNeeded - payout.approvals.length;
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('admin.ticketPayouts.approveTitle', { number: payout.ticketNumber })}
      description={t('admin.ticketPayouts.approveText', {
        sum: formatSum({ sum: payout.amount, valute: payout.valute }, lang),
        address: payout.address,
      })}
      confirmLabel={t('admin.ticketPayouts.approve')}
      onConfirm={async () => {
        await decide.mutateAsync({ method: 'POST', path: `/ticket-payouts/${encodeURIComponent(payout.id)}/approve` });
        notify({ status: 'success', message: t('admin.ticketPayouts.approved', { number: payout.ticketNumber }) });
      }}
    >
      <p className={`${styles.small} ${styles.flush}`}>
        {t(left > 1 ? 'admin.ticketPayouts.approveSecond' : 'admin.ticketPayouts.approveLast')}
      </p>
    </ConfirmDialog>
  );
}

/** Retry and cancel ask for a reason; resolving an unknown outcome asks what the provider's history shows. */
function DecisionDialog({
  payout,
  decision,
  onClose,
}: {
  payout: AdminTicketPayout;
  decision: Exclude<Decision, 'approve'>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  const decide = usePayoutDecision();
  const resolving = decision === 'resolve';
  const form = useContractForm({
    // The reason's schema keeps only the reason of these values.
    schema: (resolving ? adminPayoutResolve : adminPayoutReason) as FormSchema<Record<string, string>>,
    defaultValues: { outcome: 'sent', txid: '', reason: '' },
    logContext: `payout ${decision}`,
    onSubmit: async (body) => {
      await decide.mutateAsync({
        method: 'POST',
        path: `/ticket-payouts/${encodeURIComponent(payout.id)}/${decision}`,
        json: body,
      });
      notify({ status: 'success', message: t(`admin.ticketPayouts.${decision}Done`, { number: payout.ticketNumber }) });
      onClose();
    },
  });
  const notSent = resolving && form.watch('outcome') === 'not_sent';
  const outcome = form.field('outcome');
  const formId = `payout-${decision}-${payout.id}`;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(`admin.ticketPayouts.${decision}Title`, { number: payout.ticketNumber })}
      description={t(`admin.ticketPayouts.${decision}Text`, {
        sum: formatSum({ sum: payout.amount, valute: payout.valute }, lang),
        key: payout.key,
      })}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('admin.common.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={form.isSubmitting}
            className={decision === 'cancel' || notSent ? styles.dangerButton : undefined}
          >
            {t(`admin.ticketPayouts.${decision}Confirm`)}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={form.handleSubmit} noValidate>
        <FormAlert messages={form.formErrors} />
        {resolving && (
          <fieldset className={styles.fieldset}>
            <legend>{t('admin.ticketPayouts.outcome')}</legend>
            {(['sent', 'not_sent'] as const).map((value) => (
              <div key={value} className={fieldStyles.checkRow}>
                <input
                  {...outcome}
                  id={`${outcome.id}-${value}`}
                  type="radio"
                  value={value}
                  className={fieldStyles.checkbox}
                />
                <label htmlFor={`${outcome.id}-${value}`}>{t(`admin.ticketPayouts.outcomes.${value}`)}</label>
              </div>
            ))}
          </fieldset>
        )}
        {resolving && !notSent && (
          <TextField
            label={t('admin.ticketPayouts.txid')}
            hint={t('admin.ticketPayouts.txidHint')}
            autoComplete="off"
            spellCheck={false}
            error={form.error('txid')}
            {...form.field('txid')}
          />
        )}
        {notSent && (
          <p role="alert" className={`${styles.notice} ${styles.warning} ${styles.flush}`}>
            {t('admin.ticketPayouts.notSentWarning')}
          </p>
        )}
        <TextAreaField
          label={t('admin.ticketPayouts.reason')}
          hint={t(`admin.ticketPayouts.${decision}ReasonHint`)}
          rows={3}
          error={form.error('reason')}
          {...form.field('reason')}
        />
      </form>
    </Dialog>
  );
}
