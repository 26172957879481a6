import { LANGS } from '@obmen/shared/i18n';
import { i18n } from '../lib/i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

/** The console's copy, by language: kept out of the visitors' catalog (lib/i18n bundles that eagerly). */
export const CONSOLE_CATALOGS = { ru, en } as const;

let loaded = false;

/** Adds the console's copy to i18next when its chunk loads: deep, so the site's groups stay as they are. */
export function loadConsoleCopy(): void {
  if (loaded) return;
  loaded = true;
  for (const lang of LANGS) i18n.addResourceBundle(lang, 'translation', CONSOLE_CATALOGS[lang], true, true);
}
