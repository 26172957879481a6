import { useTranslation } from '../../../lib/i18n';
import { loginBody } from '@obmen/shared/contracts';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import formStyles from '../../../components/ui/form.module.css';
import { useZodForm } from '../../../lib/use-zod-form';
import { useLogin } from '../api/login';

/** Username or e-mail and password; calls onSuccess once the session holds the new token. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const { mutateAsync } = useLogin();
  const form = useZodForm({
    schema: loginBody,
    defaultValues: { username: '', password: '' },
    logContext: 'login',
    onSubmit: async (body) => {
      await mutateAsync(body);
      onSuccess();
    },
  });

  return (
    <form className={formStyles.form} onSubmit={form.handleSubmit} noValidate>
      <FormAlert messages={form.formErrors} />
      <TextField
        label={t('login.username')}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        error={form.error('username')}
        {...form.field('username')}
      />
      <PasswordField
        label={t('login.password')}
        autoComplete="current-password"
        error={form.error('password')}
        {...form.field('password')}
      />
      <Button type="submit" block loading={form.isSubmitting} loadingText={t('login.submitting')}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
