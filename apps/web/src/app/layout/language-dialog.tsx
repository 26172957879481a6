import { useTranslation } from '../../lib/i18n';
import { Link, useLocation } from 'react-router';
import { LANGS } from '@obmen/shared/i18n';
import { Dialog } from '../../components/ui/dialog';
import { CheckIcon } from '../../components/ui/shell-icons';
import { useSaveLanguage } from '../../features/auth/hooks/use-save-language';
import { useLanguage } from '../../hooks/use-language';
import { pathInLanguage } from '../../lib/language';
import { LANGUAGE_NAMES } from './language-names';
import styles from './language-switch.module.css';

/**
 * The language dialog (spec §2): each language is a link to the same page, query included, with
 * only the language swapped; a logged-in user's choice is saved to the account as well.
 */
export default function LanguageDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const location = useLocation();
  const saveLanguage = useSaveLanguage();

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={t('shell.language.title')}
      description={t('shell.language.intro')}
    >
      <ul className={styles.list}>
        {LANGS.map((code) => (
          <li key={code}>
            <Link
              className={styles.option}
              to={{ pathname: pathInLanguage(location.pathname, code), search: location.search, hash: location.hash }}
              lang={code}
              aria-current={code === lang ? 'true' : undefined}
              // The same page in another language: the reader stays where they were on it.
              preventScrollReset
              onClick={() => {
                if (code !== lang) saveLanguage(code);
                onOpenChange(false);
              }}
            >
              <span className={styles.code} aria-hidden="true">
                {LANGUAGE_NAMES[code].short}
              </span>
              <span className={styles.name}>{LANGUAGE_NAMES[code].long}</span>
              {code === lang && <CheckIcon className={styles.check} />}
            </Link>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
