import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate } from 'react-router';
import { pagePath } from '@obmen/shared/routing';
import { FormCard } from '../../components/ui/form-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { useLanguage } from '../../hooks/use-language';
import { takeReturnPath } from '../guards';
import { PageMeta } from '../../components/page-meta';

function Page() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  return (
    <FormCard
      title={t('login.title')}
      intro={<p>{t('login.intro')}</p>}
      footer={
        <>
          <p>
            <Link to={pagePath(lang, 'reset_password')}>{t('login.forgot')}</Link>
          </p>
          <p>
            {t('login.noAccount')} <Link to={pagePath(lang, 'register')}>{t('login.registerLink')}</Link>
          </p>
        </>
      }
    >
      <LoginForm onSuccess={() => void navigate(takeReturnPath(lang), { replace: true })} />
    </FormCard>
  );
}

/** A page of one person's own, never indexed; the browser draws it. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={`${t('login.title')} — Obmen`} noindex />
      <Page />
    </>
  );
}
