import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Lang } from '@obmen/shared/i18n';

/**
 * The site's translations: a small store instead of i18next (docs/decisions.md, "Translations").
 * The app only ever needed nested keys, `{name}` placeholders and a language switch; i18next's
 * plurals, namespaces and backends were 17 KB gzip of the home page's 100 KB budget (issue 11).
 * Each language's catalog is its own chunk, so a visitor downloads only the language they read.
 */

export type Catalog = { [key: string]: string | Catalog };
export type TranslateVars = Record<string, string | number>;
export type TFunction = (key: string, vars?: TranslateVars) => string;

/** A language's catalog comes in two parts: `first` for every page, `later` for some (locales/parts.ts). */
type Part = 'first' | 'later';

const LOADERS: Record<Lang, Record<Part, () => Promise<Catalog>>> = {
  ru: {
    first: () => import('../locales/ru').then((module) => module.default),
    later: () => import('../locales/ru-later').then((module) => module.default),
  },
  en: {
    first: () => import('../locales/en').then((module) => module.default),
    later: () => import('../locales/en-later').then((module) => module.default),
  },
};

const catalogs: Partial<Record<Lang, Catalog>> = {};
const loading = new Map<`${Lang} ${Part}`, Promise<void>>();
// Once a page has needed the later part, a language switch brings both parts of the new language.
let laterWanted = false;
const listeners = new Set<() => void>();
let current: Lang = 'ru';

function find(catalog: Catalog | undefined, key: string): string | undefined {
  let node: string | Catalog | undefined = catalog;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

// Each text once found, by language and full key: a page names a few hundred, and walking the
// tree for each was ~3% of a page drawn on the server. Only keys the catalog has are kept (no
// address can grow it), and it is emptied whenever a catalog changes.
const found: Record<Lang, Map<string, string>> = { ru: new Map(), en: new Map() };

function lookup(lang: Lang, key: string): string | undefined {
  let text = found[lang].get(key);
  if (text === undefined) {
    text = find(catalogs[lang], key);
    if (text !== undefined) found[lang].set(key, text);
  }
  return text;
}

const fill = (text: string, vars?: TranslateVars) =>
  vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text;

function translate(lang: Lang, key: string, vars?: TranslateVars): string {
  return fill(lookup(lang, key) ?? key, vars);
}

/**
 * A shared message in a language, from its loaded catalog (which holds that language's shared
 * messages: locales/ru.ts), or null for a key it does not have: how forms word a zod issue.
 */
export function sayMessage(lang: Lang, key: string, vars?: TranslateVars): string | null {
  const text = lookup(lang, key);
  return text === undefined ? null : fill(text, vars);
}

// One function per language: a component's `t` changes exactly when its language does, so hooks
// that depend on it recompute then and only then.
const translators: Record<Lang, TFunction> = {
  ru: (key, vars) => translate('ru', key, vars),
  en: (key, vars) => translate('en', key, vars),
};

function merge(target: Catalog, source: Catalog): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === 'object' && typeof existing === 'object') merge(existing, value);
    else target[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}

function loadPart(lang: Lang, part: Part): Promise<void> {
  const key = `${lang} ${part}` as const;
  let pending = loading.get(key);
  if (!pending) {
    pending = LOADERS[lang][part]().then(
      (catalog) => {
        // Copy there before this part arrived (the other part, the console's) stays on top of it.
        const before = catalogs[lang];
        if (before) merge(catalog, before);
        catalogs[lang] = catalog;
        found[lang].clear();
      },
      (error: unknown) => {
        loading.delete(key); // a failed download may be tried again
        throw error;
      },
    );
    loading.set(key, pending);
  }
  return pending;
}

/** A language's catalog: its first part, and its later part once any page has needed it. */
async function loadCatalog(lang: Lang): Promise<void> {
  await Promise.all([loadPart(lang, 'first'), laterWanted && loadPart(lang, 'later')]);
}

export const i18n = {
  /** The language pages render in. */
  get language(): Lang {
    return current;
  },
  t(key: string, vars?: TranslateVars): string {
    return translate(current, key, vars);
  },
  /** Downloads the language's catalog if needed, then switches; pages re-render in it. */
  async changeLanguage(lang: Lang): Promise<void> {
    await loadCatalog(lang);
    if (lang === current) return;
    current = lang;
    for (const listener of listeners) listener();
  },
  /** Downloads a language's catalog without switching to it (the server keeps both). */
  load: loadCatalog,
  /**
   * Brings the texts of the pages that are not drawn on the server (sign-in, tickets, the user
   * area), in the page language and, from now on, in any language switched to.
   */
  loadLater(): Promise<void> {
    laterWanted = true;
    return loadCatalog(current);
  },
  /** Adds copy loaded with a feature's own chunk (the operator console's); existing keys are replaced. */
  addResources(lang: Lang, catalog: Catalog): void {
    merge((catalogs[lang] ??= {}), catalog);
    found[lang].clear();
  },
  /** Calls `listener` after every language change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const currentLanguage = () => current;

/**
 * The language a page drawn on the server is drawn in: each request's own, given by the render
 * (entry-server.tsx); in the browser there is none and the app's language rules.
 */
export const RenderLanguage = createContext<Lang | null>(null);

/** The page language's `t`; the component re-renders when the language changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const drawnIn = useContext(RenderLanguage);
  const lang = useSyncExternalStore(i18n.subscribe, currentLanguage, () => drawnIn ?? current);
  return { t: translators[lang], i18n };
}

/** Loads `lang`'s catalog and makes it the page language (the app's start, and tests). */
export function initI18n(lang: Lang): Promise<void> {
  // At start the page's language is known before its catalog arrives: calls made meanwhile (the
  // site status, asked for in the page's language) must already say it.
  if (loading.size === 0) current = lang;
  return i18n.changeLanguage(lang);
}
