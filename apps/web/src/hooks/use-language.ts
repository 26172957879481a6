import { useLocation } from 'react-router';
import type { Lang } from '@obmen/shared/i18n';
import { useEmbedFrame } from '../lib/embed-frame';
import { languageOfPath, preferredLanguage } from '../lib/language';

/** The language of the page: the URL's prefix (a partner's widget: its `lang`), else the stored or browser choice. */
export function useLanguage(): Lang {
  const { pathname } = useLocation();
  const frame = useEmbedFrame();
  return languageOfPath(pathname) ?? frame?.lang ?? preferredLanguage();
}
