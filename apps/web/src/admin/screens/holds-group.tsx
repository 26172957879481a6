import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { adminHoldsCancelGroup, type AdminHoldsCancelGroup } from '@obmen/shared/admin';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { notify } from '../../lib/notify';
import { useContractForm } from '../../lib/use-contract-form';
import { useAdminMutation } from '../api/resources';
import { ConfirmDialog } from '../components/confirm-dialog';
import { TextAreaField, TextField } from '../components/fields';
import styles from '../components/desk.module.css';

/**
 * Cancels the unpaid tickets of a group in one action (issue 42): a crowd of addresses or e-mails
 * is freed at once, by address range, e-mail domain or age, after the operator confirms.
 */
export function HoldsGroupForm() {
  const { t } = useTranslation();
  const cancel = useAdminMutation<{ cancelled: number }>(['holds', 'tickets', 'reserves']);
  const [pending, setPending] = useState<AdminHoldsCancelGroup | null>(null);
  const form = useContractForm({
    schema: adminHoldsCancelGroup,
    defaultValues: { addressRange: '', emailDomain: '', olderThanMinutes: '', note: '' },
    logContext: 'cancelling a group of holds',
    onSubmit: async (body) => setPending(body),
  });
  const described = pending && [
    pending.addressRange && t('admin.holds.group.rangeIs', { range: pending.addressRange }),
    pending.emailDomain && t('admin.holds.group.domainIs', { domain: pending.emailDomain }),
    pending.olderThanMinutes && t('admin.holds.group.olderIs', { minutes: pending.olderThanMinutes }),
  ];
  return (
    <form className={styles.panel} onSubmit={form.handleSubmit} noValidate aria-labelledby="holds-group-title">
      <h2 id="holds-group-title" className={styles.subtitle}>
        {t('admin.holds.group.title')}
      </h2>
      <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>{t('admin.holds.group.hint')}</p>
      <FormAlert messages={form.formErrors} />
      <div className={styles.grid}>
        <TextField
          label={t('admin.holds.group.range')}
          hint={t('admin.holds.group.rangeHint')}
          error={form.error('addressRange')}
          {...form.field('addressRange')}
        />
        <TextField
          label={t('admin.holds.group.domain')}
          hint={t('admin.holds.group.domainHint')}
          error={form.error('emailDomain')}
          {...form.field('emailDomain')}
        />
        <TextField
          label={t('admin.holds.group.older')}
          hint={t('admin.holds.group.olderHint')}
          inputMode="numeric"
          error={form.error('olderThanMinutes')}
          {...form.field('olderThanMinutes')}
        />
      </div>
      <TextAreaField label={t('admin.holds.group.note')} error={form.error('note')} {...form.field('note')} />
      <div className={styles.actions}>
        <Button type="submit">{t('admin.holds.group.submit')}</Button>
      </div>
      {pending && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setPending(null)}
          title={t('admin.holds.group.confirmTitle')}
          description={described?.filter(Boolean).join('; ')}
          confirmLabel={t('admin.holds.group.submit')}
          destructive
          onConfirm={async () => {
            const done = await cancel.mutateAsync({ method: 'POST', path: '/holds/cancel-group', json: pending });
            notify({ status: 'success', message: t('admin.holds.cancelled', { count: done.cancelled }) });
            form.reset();
          }}
        >
          <p className={styles.small}>{t('admin.holds.group.confirmText')}</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
