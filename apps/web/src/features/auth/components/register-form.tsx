import { useState } from 'react';
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
import { errorMessage } from '../../../lib/report-error';
import { useContractForm } from '../../../lib/use-contract-form';
import { useRegister } from '../api/register';
import { useSendRegisterCode } from '../api/send-register-code';
import styles from './register-form.module.css';

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { mutateAsync } = useRegister();
  const sendCode = useSendRegisterCode();
  // What the last "send code" said: the same words whether or not the e-mail has an account.
  const [codeNote, setCodeNote] = useState<{ sent: boolean; text: string } | null>(null);
  const form = useContractForm({
    schema: registerBody,
    defaultValues: { username: '', email: '', emailCode: '', password: '', confirmPassword: '', agree: false },
    logContext: 'registration',
    onSubmit: async (body) => {
      const refId = storedRefId();
      await mutateAsync({ ...body, agree: true, ...(refId && { refId }) });
      onSuccess();
    },
  });

  const onSendCode = async () => {
    if (!(await form.trigger('email'))) return;
    setCodeNote(null);
    try {
      await sendCode.mutateAsync({ email: form.getValues('email') });
      setCodeNote({ sent: true, text: t('register.codeSent') });
    } catch (failure) {
      setCodeNote({ sent: false, text: errorMessage(failure) });
    }
  };

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
      <div className={styles.codeRow}>
        <TextField
          label={t('register.emailCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={form.error('emailCode')}
          {...form.field('emailCode')}
        />
        <Button
          variant="secondary"
          className={styles.sendCode}
          onClick={() => void onSendCode()}
          loading={sendCode.isPending}
          loadingText={t('register.sendingCode')}
        >
          {codeNote?.sent ? t('register.sendCodeAgain') : t('register.sendCode')}
        </Button>
        <p role="status" className={codeNote && !codeNote.sent ? styles.codeProblem : styles.codeSent}>
          {codeNote?.text}
        </p>
      </div>
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
