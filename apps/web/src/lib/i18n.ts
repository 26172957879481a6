import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGS, MESSAGES, type Lang } from '@obmen/shared/i18n';

type Catalog = Record<string, unknown>;

// One file per feature (`locales/ru/converter.json`…), so features add their copy without touching
// each other's. Each file holds top-level groups (`{ "converter": { … } }`), merged into one catalog.
const FILES = import.meta.glob<Catalog>('../locales/*/*.json', { eager: true, import: 'default' });

// Shared keys look like 'validation.required'; i18next reads dots as nesting, so nest them.
function nest(flat: Record<string, string>): Catalog {
  const tree: Record<string, Record<string, string>> = {};
  for (const [key, value] of Object.entries(flat)) {
    const [group = '', name = ''] = key.split('.');
    (tree[group] ??= {})[name] = value;
  }
  return tree;
}

/** The files of one language's catalog, by file name: `{ converter: {…}, app: {…} }`. */
export function catalogFiles(lang: Lang): Record<string, Catalog> {
  const files: Record<string, Catalog> = {};
  for (const [file, content] of Object.entries(FILES)) {
    const match = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (match?.[1] === lang && match[2]) files[match[2]] = content;
  }
  return files;
}

function catalog(lang: Lang): Catalog {
  return Object.assign({}, ...Object.values(catalogFiles(lang)), nest(MESSAGES[lang])) as Catalog;
}

export function initI18n(lang: Lang) {
  void i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'ru',
    supportedLngs: [...LANGS],
    initAsync: false,
    // The spec's texts write placeholders as {value}; one syntax for both catalogs.
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    resources: Object.fromEntries(LANGS.map((code) => [code, { translation: catalog(code) }])),
  });
  return i18n;
}

export { i18n };
