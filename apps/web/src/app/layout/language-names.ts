import type { Lang } from '@obmen/shared/i18n';

/** Each language by its own name, as language pickers write them. */
export const LANGUAGE_NAMES: Record<Lang, { long: string; short: string }> = {
  ru: { long: 'Русский', short: 'RU' },
  en: { long: 'English', short: 'EN' },
};
