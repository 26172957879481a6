import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate } from 'react-router';
import { pagePath } from '@obmen/shared/routing';
import { FormCard } from '../../components/ui/form-card';
import { RegisterForm } from '../../features/auth/components/register-form';
import { getSession } from '../../features/auth/session';
import { useLanguage } from '../../hooks/use-language';
import { notify } from '../../lib/notify';
import { takeReturnPath } from '../guards';
import { PageMeta } from '../../components/page-meta';

function Page() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const onSuccess = () => {
    notify({ status: 'success', message: t('register.welcome', { name: getSession().user?.username ?? '' }) });
    void navigate(takeReturnPath(lang), { replace: true });
  };
  return (
    <FormCard
      title={t('register.title')}
      intro={<p>{t('register.intro')}</p>}
      footer={
        <p>
          {t('register.haveAccount')} <Link to={pagePath(lang, 'login')}>{t('register.loginLink')}</Link>
        </p>
      }
    >
      <RegisterForm onSuccess={onSuccess} />
    </FormCard>
  );
}

/** A page of one person's own, never indexed; the browser draws it. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={`${t('register.title')} — Obmen`} noindex />
      <Page />
    </>
  );
}
