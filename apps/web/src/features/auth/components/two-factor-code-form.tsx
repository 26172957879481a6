import { twoFactorCodeBody } from '@obmen/shared/contracts';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import formStyles from '../../../components/ui/form.module.css';
import { useContractForm } from '../../../lib/use-contract-form';

/** One field for a code of the authenticator app (or a recovery code) and a button. */
export function TwoFactorCodeForm({
  submit,
  submitLabel,
  submittingLabel,
  variant = 'primary',
}: {
  submit: (code: string) => Promise<unknown>;
  submitLabel: string;
  submittingLabel: string;
  variant?: 'primary' | 'secondary';
}) {
  const { t } = useTranslation();
  const form = useContractForm({
    schema: twoFactorCodeBody,
    defaultValues: { code: '' },
    logContext: 'two-factor code',
    onSubmit: ({ code }) => submit(code),
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
      <Button type="submit" variant={variant} loading={form.isSubmitting} loadingText={submittingLabel}>
        {submitLabel}
      </Button>
    </form>
  );
}
