import type { Lang } from '@obmen/shared/i18n';
import type { Catalog } from '../lib/i18n';

// Every file of both languages at once: for the tests that compare them. The app itself loads one
// language's catalog (locales/ru.ts, locales/en.ts).
const FILES = import.meta.glob<Catalog>('./*/*.json', { eager: true, import: 'default' });

/** The files of one language's catalog, by file name: `{ converter: {…}, app: {…} }`. */
export function catalogFiles(lang: Lang): Record<string, Catalog> {
  const files: Record<string, Catalog> = {};
  for (const [file, content] of Object.entries(FILES)) {
    const match = /^\.\/(\w+)\/([\w-]+)\.json$/.exec(file);
    if (match?.[1] === lang && match[2]) files[match[2]] = content;
  }
  return files;
}
