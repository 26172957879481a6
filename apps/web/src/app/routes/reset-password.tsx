import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pagePath } from '@obmen/shared/routing';
import { FormAlert } from '../../components/ui/form-alert';
import { FormCard } from '../../components/ui/form-card';
import { SentNotice } from '../../components/ui/sent-notice';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { endSession, isLoggedIn } from '../../features/auth/session';
import { useLanguage } from '../../hooks/use-language';
import { notify } from '../../lib/notify';
import { PageMeta } from '../../components/page-meta';

/** Asks for a reset link by e-mail; shows the server's answer, which is the same for any address. */
function RequestLink() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  if (sent) {
    return (
      <SentNotice
        title={t('reset.sentTitle')}
        message={sent}
        hint={t('reset.sentHint')}
        againLabel={t('reset.sendAgain')}
        onAgain={() => setSent(null)}
      />
    );
  }
  return <ForgotPasswordForm onSent={(message) => setSent(message)} />;
}

function Page() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token');
  const email = search.get('email');

  const backToLogin = (
    <p>
      <Link to={pagePath(lang, 'login')}>{t('reset.backToLogin')}</Link>
    </p>
  );

  if (!token) {
    return (
      <FormCard title={t('reset.title')} intro={<p>{t('reset.requestIntro')}</p>} footer={backToLogin}>
        <RequestLink />
      </FormCard>
    );
  }

  const onReset = () => {
    // The server ends every session of the account; a session kept here would only fail later.
    if (isLoggedIn()) endSession();
    notify({ status: 'success', message: t('reset.done') });
    void navigate(pagePath(lang, 'login'), { replace: true });
  };

  return (
    <FormCard
      title={t('reset.newTitle')}
      intro={email ? <p>{t('reset.newIntro', { email })}</p> : undefined}
      footer={
        <>
          <p>
            <Link to={pagePath(lang, 'reset_password')}>{t('reset.requestNewLink')}</Link>
          </p>
          {backToLogin}
        </>
      }
    >
      {email ? (
        <ResetPasswordForm email={email} token={token} onSuccess={onReset} />
      ) : (
        <FormAlert messages={[t('reset.brokenLink')]} />
      )}
    </FormCard>
  );
}

/** A page of one person's own, never indexed; the browser draws it. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={`${t('reset.title')} — Obmen`} noindex />
      <Page />
    </>
  );
}
