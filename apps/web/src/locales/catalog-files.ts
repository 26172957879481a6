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

export type Tree = { [key: string]: string | Tree };

/** Every text of a catalog by its full key: `{ a: { b: 'x' } }` → `a.b` → `x`. */
export function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

/** The names of a text's `{placeholders}`, sorted. */
export const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
