import { isLang, type Lang } from '@obmen/shared/i18n';
import { rememberLanguage } from '../../lib/language';
import { i18n, useTranslation } from '../../lib/i18n';

/** The console has no language in its URL: the operator's choice is remembered like the site's. */
export function useConsoleLanguage(): [Lang, (lang: Lang) => void] {
  const { i18n: current } = useTranslation();
  const lang: Lang = isLang(current.language) ? current.language : 'ru';
  const change = (next: Lang) => {
    rememberLanguage(next);
    document.documentElement.lang = next;
    void i18n.changeLanguage(next);
  };
  return [lang, change];
}
