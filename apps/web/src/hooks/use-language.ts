import { useLocation } from 'react-router';
import type { Lang } from '@obmen/shared/i18n';
import { languageOfPath, preferredLanguage } from '../lib/language';

/** The language of the page: the URL's prefix, else the stored or browser choice. */
export function useLanguage(): Lang {
  const { pathname } = useLocation();
  return languageOfPath(pathname) ?? preferredLanguage();
}
