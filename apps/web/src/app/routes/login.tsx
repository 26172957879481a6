import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate } from 'react-router';
import { pagePath } from '@obmen/shared/routing';
import { FormCard } from '../../components/ui/form-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useLanguage } from '../../hooks/use-language';
import { takeReturnPath } from '../guards';

export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  useDocumentTitle(`${t('login.title')} — Obmen`);
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
