import { twoFactorChangeBody, type TwoFactorChangeBody } from '@obmen/shared/contracts';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import formStyles from '../../../components/ui/form.module.css';
import { useContractForm } from '../../../lib/use-contract-form';

/**
 * A code of the authenticator app (or a recovery code), the account's password and a button: turning
 * the second factor on or off asks for both, so a stolen session alone cannot (issue 42).
 */
export function TwoFactorCodeForm({
  submit,
  submitLabel,
  submittingLabel,
  variant = 'primary',
}: {
  submit: (body: TwoFactorChangeBody) => Promise<unknown>;
  submitLabel: string;
  submittingLabel: string;
  variant?: 'primary' | 'secondary';
}) {
  const { t } = useTranslation();
  const form = useContractForm({
    schema: twoFactorChangeBody,
    defaultValues: { code: '', password: '' },
    logContext: 'two-factor code',
    onSubmit: submit,
  });
  return (
    <form className={formStyles.form} onSubmit={form.handleSubmit} noValidate>
      <FormAlert messages={form.formErrors} />
      <TextField
        label={t('secondFactor.code')}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        error={form.error('code')}
        {...form.field('code')}
      />
      <PasswordField
        label={t('secondFactor.password')}
        autoComplete="current-password"
        error={form.error('password')}
        {...form.field('password')}
      />
      <Button type="submit" variant={variant} loading={form.isSubmitting} loadingText={submittingLabel}>
        {submitLabel}
      </Button>
    </form>
  );
}
