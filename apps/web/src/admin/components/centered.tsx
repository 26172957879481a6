import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { FormCard } from '../../components/ui/form-card';
import { useLogout } from '../../features/auth/api/logout';
import { NotificationStack } from '../../features/notifications/components/notification-stack';
import { useTranslation } from '../../lib/i18n';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { returnPath } from '../staff';
import styles from '../admin-console.module.css';

/** The console's screens outside its frame (login, two-factor set-up, refusals): one card, centred. */
export function Centered({ children }: { children: ReactNode }) {
  return (
    <div className={styles.centered}>
      {children}
      <NotificationStack />
    </div>
  );
}

function LanguageSwitch() {
  const [lang, setLang] = useConsoleLanguage();
  return (
    <div className={styles.langs} role="group" aria-label="Язык / Language">
      <button type="button" lang="ru" aria-pressed={lang === 'ru'} onClick={() => setLang('ru')}>
        Русский
      </button>
      <button type="button" lang="en" aria-pressed={lang === 'en'} onClick={() => setLang('en')}>
        English
      </button>
    </div>
  );
}

/**
 * A step before the console (its login, the two-factor set-up): done, it goes on to the address asked for.
 * A signed-in operator at the set-up can sign out instead (another account, no phone at hand).
 */
export function ConsoleStep({ step, form }: { step: 'login' | 'twoFactor'; form: (done: () => void) => ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const logout = useLogout();
  return (
    <Centered>
      <title>{`${t(`admin.${step}.title`)} — ${t('admin.title')}`}</title>
      <FormCard title={t(`admin.${step}.title`)} intro={<p>{t(`admin.${step}.intro`)}</p>}>
        {form(() => void navigate(returnPath(search), { replace: true }))}
      </FormCard>
      {step === 'twoFactor' && (
        <Button variant="secondary" onClick={() => logout.mutate()}>
          {t('admin.logout')}
        </Button>
      )}
      <LanguageSwitch />
    </Centered>
  );
}
