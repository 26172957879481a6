import { useTranslation } from '../../../lib/i18n';
import { forgotPasswordBody } from '@obmen/shared/contracts';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import formStyles from '../../../components/ui/form.module.css';
import { useContractForm } from '../../../lib/use-contract-form';
import { useForgotPassword } from '../api/forgot-password';

/** Asks for a reset link; the server's answer (the same for any address) goes to onSent. */
export function ForgotPasswordForm({ onSent }: { onSent: (message: string, email: string) => void }) {
  const { t } = useTranslation();
  const { mutateAsync } = useForgotPassword();
  const form = useContractForm({
    schema: forgotPasswordBody,
    defaultValues: { email: '' },
    logContext: 'password reset request',
    onSubmit: async (body) => {
      const reply = await mutateAsync(body);
      onSent(reply?.message || t('auth.resetSent'), body.email);
    },
  });

  return (
    <form className={formStyles.form} onSubmit={form.handleSubmit} noValidate>
      <FormAlert messages={form.formErrors} />
      <TextField
        label={t('reset.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        error={form.error('email')}
        {...form.field('email')}
      />
      <Button type="submit" block loading={form.isSubmitting} loadingText={t('reset.requestSubmitting')}>
        {t('reset.requestSubmit')}
      </Button>
    </form>
  );
}
