import { useTranslation } from '../../../lib/i18n';
import { registerBody, resetPasswordFields } from '@obmen/shared/contracts';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField } from '../../../components/ui/text-field';
import formStyles from '../../../components/ui/form.module.css';
import { useContractForm } from '../../../lib/use-contract-form';
import { useResetPassword } from '../api/reset-password';

// The field names are the server's (Password), so its parameterErrors land under the field.
const newPasswordForm = resetPasswordFields
  .pick({ Password: true })
  .extend({ confirmPassword: registerBody.shape.confirmPassword })
  .refine((form) => form.Password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsDiffer',
  });

/** Sets a new password with the e-mail and token of a mailed link. */
export function ResetPasswordForm({
  email,
  token,
  onSuccess,
}: {
  email: string;
  token: string;
  onSuccess: () => void;
}) {
  const { t } = useTranslation();
  const { mutateAsync } = useResetPassword();
  const form = useContractForm({
    schema: newPasswordForm,
    defaultValues: { Password: '', confirmPassword: '' },
    logContext: 'password reset',
    onSubmit: async ({ Password }) => {
      await mutateAsync({ Email: email, Token: token, Password });
      onSuccess();
    },
  });

  return (
    <form className={formStyles.form} onSubmit={form.handleSubmit} noValidate>
      <FormAlert messages={form.formErrors} />
      {/* Lets a password manager file the new password under the right account. */}
      <input type="text" hidden name="username" autoComplete="username" value={email} readOnly />
      <PasswordField
        label={t('reset.password')}
        hint={t('form.passwordHint')}
        autoComplete="new-password"
        error={form.error('Password')}
        {...form.field('Password')}
      />
      <PasswordField
        label={t('reset.confirmPassword')}
        autoComplete="new-password"
        error={form.error('confirmPassword')}
        {...form.field('confirmPassword')}
      />
      <Button type="submit" block loading={form.isSubmitting} loadingText={t('reset.submitting')}>
        {t('reset.submit')}
      </Button>
    </form>
  );
}
