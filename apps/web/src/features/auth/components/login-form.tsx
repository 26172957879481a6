import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { loginBody } from '@obmen/shared/contracts';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import formStyles from '../../../components/ui/form.module.css';
import { ApiError } from '../../../lib/api-client';
import { useContractForm } from '../../../lib/use-contract-form';
import { useLogin } from '../api/login';

/**
 * Username or e-mail and password, and the second factor's code once the server asks for it;
 * calls onSuccess once the session holds the new token.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const { mutateAsync } = useLogin();
  const [askCode, setAskCode] = useState(false);
  const form = useContractForm({
    schema: loginBody,
    defaultValues: { username: '', password: '', code: '' },
    logContext: 'login',
    onSubmit: async (body) => {
      try {
        await mutateAsync(body);
      } catch (failure) {
        if (failure instanceof ApiError && failure.parameterErrors?.some(({ name }) => name === 'code'))
          setAskCode(true);
        throw failure;
      }
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
      {askCode && (
        <TextField
          label={t('login.code')}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          error={form.error('code')}
          {...form.field('code')}
        />
      )}
      <Button type="submit" block loading={form.isSubmitting} loadingText={t('login.submitting')}>
        {t('login.submit')}
      </Button>
    </form>
  );
}
