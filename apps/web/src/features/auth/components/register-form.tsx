import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { registerBody } from '@obmen/shared/contracts';
import { pagePath } from '@obmen/shared/routing';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { CheckboxField, PasswordField, TextField } from '../../../components/ui/text-field';
import formStyles from '../../../components/ui/form.module.css';
import { useLanguage } from '../../../hooks/use-language';
import { storedRefId } from '../../../lib/referral-id';
import { useContractForm } from '../../../lib/use-contract-form';
import { useRegister } from '../api/register';

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { mutateAsync } = useRegister();
  const form = useContractForm({
    schema: registerBody,
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', agree: false },
    logContext: 'registration',
    onSubmit: async (body) => {
      const refId = storedRefId();
      await mutateAsync({ ...body, agree: true, ...(refId && { refId }) });
      onSuccess();
    },
  });

  return (
    <form className={formStyles.form} onSubmit={form.handleSubmit} noValidate>
      <FormAlert messages={form.formErrors} />
      <TextField
        label={t('register.username')}
        hint={t('register.usernameHint')}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        error={form.error('username')}
        {...form.field('username')}
      />
      <TextField
        label={t('register.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        error={form.error('email')}
        {...form.field('email')}
      />
      <PasswordField
        label={t('register.password')}
        hint={t('form.passwordHint')}
        autoComplete="new-password"
        error={form.error('password')}
        {...form.field('password')}
      />
      <PasswordField
        label={t('register.confirmPassword')}
        autoComplete="new-password"
        error={form.error('confirmPassword')}
        {...form.field('confirmPassword')}
      />
      <CheckboxField
        label={
          <>
            {t('register.agreeBefore')}
            <Link to={pagePath(lang, 'rules')} target="_blank" rel="noopener">
              {t('register.agreeLink')}
              <span className="visually-hidden"> {t('form.newTab')}</span>
            </Link>
          </>
        }
        error={form.error('agree')}
        {...form.field('agree')}
      />
      <Button type="submit" block loading={form.isSubmitting} loadingText={t('register.submitting')}>
        {t('register.submit')}
      </Button>
    </form>
  );
}
