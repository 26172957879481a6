import { useQuery } from '@tanstack/react-query';
import { adminAmlSettings, type AdminAmlSettings } from '@obmen/shared/admin';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { useTranslation } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useContractForm } from '../../lib/use-contract-form';
import { adminQueryOptions, useAdminMutation } from '../api/resources';
import { TextField } from '../components/fields';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';

export const amlSettingsRead = adminQueryOptions<AdminAmlSettings>('aml-settings', '/aml/settings');

/** AML screening's thresholds and how long a review may last (issue 48, docs/aml.md). */
export function AmlSettings() {
  const settings = useQuery(amlSettingsRead);
  if (!settings.data) return <QueryState error={settings.error} onRetry={() => void settings.refetch()} />;
  return <AmlSettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />;
}

function AmlSettingsForm({ settings }: { settings: AdminAmlSettings }) {
  const { t } = useTranslation();
  const save = useAdminMutation(['aml-settings']);
  const form = useContractForm({
    schema: adminAmlSettings,
    defaultValues: {
      reviewScore: String(settings.reviewScore),
      refuseScore: String(settings.refuseScore),
      reviewHours: String(settings.reviewHours),
    },
    logContext: 'saving the AML settings',
    onSubmit: async (body) => {
      await save.mutateAsync({ method: 'PUT', path: '/aml/settings', json: body });
      notify({ status: 'success', message: t('admin.aml.saved') });
    },
  });
  return (
    <form className={styles.panel} onSubmit={form.handleSubmit} noValidate aria-labelledby="aml-settings">
      <h2 id="aml-settings" className={styles.subtitle}>
        {t('admin.aml.title')}
      </h2>
      <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>{t('admin.aml.hint')}</p>
      <FormAlert messages={form.formErrors} />
      <TextField
        label={t('admin.aml.reviewScore')}
        hint={t('admin.aml.reviewScoreHint')}
        inputMode="numeric"
        error={form.error('reviewScore')}
        {...form.field('reviewScore')}
      />
      <TextField
        label={t('admin.aml.refuseScore')}
        hint={t('admin.aml.refuseScoreHint')}
        inputMode="numeric"
        error={form.error('refuseScore')}
        {...form.field('refuseScore')}
      />
      <TextField
        label={t('admin.aml.reviewHours')}
        hint={t('admin.aml.reviewHoursHint')}
        inputMode="numeric"
        error={form.error('reviewHours')}
        {...form.field('reviewHours')}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={form.isSubmitting}>
          {t('admin.aml.save')}
        </Button>
      </div>
    </form>
  );
}
