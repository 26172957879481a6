import type { Lang } from '@obmen/shared/i18n';
import { useChangeLang } from '../api/change-lang';
import { isLoggedIn } from '../session';

/** Saves a language choice to the server, only for a logged-in user (spec §6). */
export function useSaveLanguage(): (lang: Lang) => void {
  const { mutate } = useChangeLang();
  return (lang) => {
    if (isLoggedIn()) mutate(lang);
  };
}
