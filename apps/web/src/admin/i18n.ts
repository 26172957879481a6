import { LANGS } from '@obmen/shared/i18n';
import { i18n } from '../lib/i18n';
import en from './locales/en.json';
import ru from './locales/ru.json';

/** The console's copy, by language: kept out of the visitors' catalogs, so only the console's chunk carries it. */
export const CONSOLE_CATALOGS = { ru, en } as const;

let loaded = false;

/** Adds the console's copy to the site's catalogs when its chunk loads. */
export function loadConsoleCopy(): void {
  if (loaded) return;
  loaded = true;
  for (const lang of LANGS) i18n.addResources(lang, CONSOLE_CATALOGS[lang]);
}
