import type { Lang } from '@obmen/shared/i18n';
import { i18n } from '../../../lib/i18n';
import { useChangeLang } from '../api/change-lang';
import { isLoggedIn } from '../session';

/**
 * Saves a language choice to the server, only for a logged-in user (spec §6), once the page has
 * switched to it: a failure is then told in the language chosen, not in the one left.
 */
export function useSaveLanguage(): (lang: Lang) => void {
  const { mutate } = useChangeLang();
  return (lang) => {
    if (!isLoggedIn()) return;
    if (i18n.language === lang) return mutate(lang);
    const stop = i18n.subscribe(() => {
      stop();
      if (i18n.language === lang) mutate(lang);
    });
  };
}
