import { useTranslation } from '../../../lib/i18n';
import { changePasswordBody, registerBody } from '@obmen/shared/contracts';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/text-field';
import formStyles from '../../../components/ui/form.module.css';
import { notify } from '../../../lib/notify';
import { useContractForm } from '../../../lib/use-contract-form';
import { useChangePassword } from '../api/change-password';

const changePasswordForm = changePasswordBody
  .extend({ confirmPassword: registerBody.shape.confirmPassword })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsDiffer',
  });

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm({ username }: { username: string }) {
  const { t } = useTranslation();
  const { mutateAsync } = useChangePassword();
  const form = useContractForm({
    schema: changePasswordForm,
    defaultValues: EMPTY,
    logContext: 'password change',
    onSubmit: async ({ oldPassword, newPassword }) => {
      await mutateAsync({ oldPassword, newPassword });
      form.reset(EMPTY);
      notify({ status: 'success', message: t('settings.passwordChanged') });
    },
  });

  return (
    <form className={formStyles.form} onSubmit={form.handleSubmit} noValidate>
      <FormAlert messages={form.formErrors} />
      <input type="text" hidden name="username" autoComplete="username" value={username} readOnly />
      <PasswordField
        label={t('settings.oldPassword')}
        autoComplete="current-password"
        error={form.error('oldPassword')}
        {...form.field('oldPassword')}
      />
      <PasswordField
        label={t('settings.newPassword')}
        hint={t('form.passwordHint')}
        autoComplete="new-password"
        error={form.error('newPassword')}
        {...form.field('newPassword')}
      />
      <PasswordField
        label={t('settings.confirmPassword')}
        autoComplete="new-password"
        error={form.error('confirmPassword')}
        {...form.field('confirmPassword')}
      />
      <div className={formStyles.actions}>
        <Button type="submit" loading={form.isSubmitting} loadingText={t('settings.passwordSubmitting')}>
          {t('settings.passwordSubmit')}
        </Button>
      </div>
    </form>
  );
}
