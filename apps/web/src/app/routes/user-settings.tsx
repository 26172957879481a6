import { useTranslation } from '../../lib/i18n';
import { useLocation, useNavigate } from 'react-router';
import { LANGS, type Lang } from '@obmen/shared/i18n';
import { FormCard } from '../../components/ui/form-card';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { TwoFactorSettings } from '../../features/auth/components/two-factor-settings';
import { useSaveLanguage } from '../../features/auth/hooks/use-save-language';
import { useSession } from '../../features/auth/hooks/use-session';
import { DiscountCard } from '../../features/promo/components/discount-card';
import { useLanguage } from '../../hooks/use-language';
import { formatDate } from '../../lib/format-date';
import { pathInLanguage } from '../../lib/language';
import styles from './user-settings.module.css';
import { PageMeta } from '../../components/page-meta';

const LANGUAGE_NAMES: Record<Lang, string> = { ru: 'Русский', en: 'English' };

function LanguageChoice() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const saveLanguage = useSaveLanguage();
  const choose = (next: Lang) => {
    if (next === lang) return;
    saveLanguage(next);
    void navigate({ pathname: pathInLanguage(location.pathname, next), search: location.search });
  };
  return (
    <div role="group" aria-label={t('settings.languageTitle')} className={styles.segmented}>
      {LANGS.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={code === lang}
          className={styles.segment}
          onClick={() => choose(code)}
        >
          {LANGUAGE_NAMES[code]}
        </button>
      ))}
    </div>
  );
}

function Page() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { user, info, token } = useSession();

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('settings.title')}</h1>
      <div className={styles.grid}>
        <div className={styles.column}>
          <FormCard title={t('settings.accountTitle')} headingLevel={2} wide>
            {user ? (
              <dl className={styles.facts}>
                <div>
                  <dt>{t('settings.username')}</dt>
                  <dd data-testid="settings-username">{user.username}</dd>
                </div>
                <div>
                  <dt>{t('settings.email')}</dt>
                  <dd data-testid="settings-email">{user.email}</dd>
                </div>
                {info && !Number.isNaN(Date.parse(info.createdAt)) && (
                  <div>
                    <dt>{t('settings.since')}</dt>
                    <dd>
                      <time dateTime={info.createdAt}>{formatDate(info.createdAt, lang, 'long')}</time>
                    </dd>
                  </div>
                )}
              </dl>
            ) : (
              <p className={styles.muted}>{t('common.loading')}</p>
            )}
          </FormCard>
          <FormCard
            title={t('settings.languageTitle')}
            intro={<p>{t('settings.languageIntro')}</p>}
            headingLevel={2}
            wide
          >
            <LanguageChoice />
          </FormCard>
        </div>
        <FormCard
          title={t('settings.passwordTitle')}
          intro={<p>{t('settings.passwordIntro')}</p>}
          headingLevel={2}
          wide
        >
          <ChangePasswordForm username={user?.username ?? ''} />
        </FormCard>
        {token && (
          <FormCard title={t('secondFactor.title')} intro={<p>{t('secondFactor.intro')}</p>} headingLevel={2} wide>
            <TwoFactorSettings token={token} />
          </FormCard>
        )}
      </div>
      {token && (
        <div className={styles.discount}>
          <DiscountCard owner={token} lang={lang} />
        </div>
      )}
    </div>
  );
}

/** A page of one person's own, never indexed; the browser draws it. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={`${t('settings.title')} — Obmen`} noindex />
      <Page />
    </>
  );
}
