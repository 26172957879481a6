import { isLang, langFromTag, type Lang } from '@obmen/shared/i18n';

const STORAGE_KEY = 'lang';

/** The language to use when the URL names none: the stored choice, else the browser's (spec §9). */
export function preferredLanguage(): Lang {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (isLang(stored)) return stored;
  } catch {
    // Storage can be blocked (private mode); the browser's language still works.
  }
  return langFromTag(navigator.languages?.[0] ?? navigator.language);
}

export function rememberLanguage(lang: Lang): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Not remembering is acceptable; the URL still carries the language.
  }
}

/** The language segment at the start of a path, if any. */
export function languageOfPath(pathname: string): Lang | null {
  const first = pathname.split('/')[1];
  return isLang(first) ? first : null;
}

/** The same page in another language: swaps the language prefix, keeping the rest of the path. */
export function pathInLanguage(pathname: string, lang: Lang): string {
  const rest = languageOfPath(pathname) ? pathname.replace(/^\/[a-z]{2}(?=\/|$)/, '') : pathname;
  return `/${lang}${rest.startsWith('/') ? rest : `/${rest}`}`;
}
