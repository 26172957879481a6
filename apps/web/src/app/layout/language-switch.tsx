import { Suspense, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { GlobeIcon } from '../../components/ui/shell-icons';
import { useLanguage } from '../../hooks/use-language';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { LANGUAGE_NAMES } from './language-names';
import headerStyles from './header.module.css';

// The dialog (and Radix with it) loads when first wanted, keeping it out of the first page load.
const LanguageDialog = lazyWithPreload(() => import('./language-dialog'));

/** The header's language button (spec §2): opens the dialog that swaps only the language. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  return (
    <>
      <button
        type="button"
        className={`${headerStyles.iconButton} ${headerStyles.withText}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('shell.language.button', { name: LANGUAGE_NAMES[lang].long })}
        onPointerEnter={() => void LanguageDialog.preload()}
        onFocus={() => void LanguageDialog.preload()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        data-testid="language-button"
      >
        <GlobeIcon />
        <span aria-hidden="true">{LANGUAGE_NAMES[lang].short}</span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <LanguageDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
