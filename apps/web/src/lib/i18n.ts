import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MESSAGES, type Lang } from '@obmen/shared/i18n';
import en from '../locales/en/translation.json';
import ru from '../locales/ru/translation.json';

// Shared keys look like 'validation.required'; i18next reads dots as nesting, so nest them.
function nest(flat: Record<string, string>): Record<string, unknown> {
  const tree: Record<string, Record<string, string>> = {};
  for (const [key, value] of Object.entries(flat)) {
    const [group = '', name = ''] = key.split('.');
    (tree[group] ??= {})[name] = value;
  }
  return tree;
}

export function initI18n(lang: Lang) {
  void i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'ru',
    supportedLngs: ['ru', 'en'],
    initAsync: false,
    // The spec's texts write placeholders as {value}; one syntax for both catalogs.
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    resources: {
      ru: { translation: { ...ru, ...nest(MESSAGES.ru) } },
      en: { translation: { ...en, ...nest(MESSAGES.en) } },
    },
  });
  return i18n;
}

export { i18n };
