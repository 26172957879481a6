import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { catalogFiles, leaves, placeholders, type Tree } from '../locales/catalog-files';
import { LATER_FILES } from '../locales/parts';
import { RU_LATER_MESSAGES } from '@obmen/shared/messages-ru-later';
import { RU_PUBLIC_MESSAGES } from '@obmen/shared/messages-ru-public';
import ruCatalog from '../locales/ru';
import ruLater from '../locales/ru-later';
import { i18n, initI18n, useTranslation } from './i18n';

describe('the ru and en catalogs', () => {
  const ru = catalogFiles('ru');
  const en = catalogFiles('en');

  it('have the same files', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ru).sort());
  });

  it('have the same keys in every file, each with the same placeholders and no empty text', () => {
    for (const file of Object.keys(ru)) {
      const ruKeys = leaves(ru[file] as Tree);
      const enKeys = leaves(en[file] as Tree);
      expect([...enKeys.keys()].sort(), `locales/en/${file}.json`).toEqual([...ruKeys.keys()].sort());
      for (const [key, text] of ruKeys) {
        expect(text.trim(), `ru ${file}: ${key}`).not.toBe('');
        expect(placeholders(enKeys.get(key) ?? ''), `en ${file}: ${key}`).toEqual(placeholders(text));
      }
    }
  });

  it('never define one top-level group in two files (the later would silently replace the earlier)', () => {
    const owner = new Map<string, string>();
    for (const [file, content] of Object.entries(ru)) {
      for (const group of Object.keys(content)) {
        expect(owner.get(group), `group "${group}" in ${file}.json`).toBeUndefined();
        owner.set(group, file);
      }
    }
  });
});

// The site's own source, as text: every key it names literally must exist (the console has its own test).
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../admin/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('the catalog’s two parts', () => {
  it('hold every file once: the later part exactly the files LATER_FILES names', () => {
    const groupsOf = (files: string[]) => files.flatMap((file) => Object.keys(catalogFiles('ru')[file] as Tree)).sort();
    const all = Object.keys(catalogFiles('ru'));
    const later = all.filter((file) => (LATER_FILES as readonly string[]).includes(file));
    expect(later.sort()).toEqual([...LATER_FILES].sort());
    // The shared messages are split the same way: what the pages the server draws show comes first.
    const sharedGroups = (messages: object) => [...new Set(Object.keys(messages).map((key) => key.split('.')[0]!))];
    const sharedLater = sharedGroups(RU_LATER_MESSAGES);
    expect([...new Set([...groupsOf(later), ...sharedLater])].sort()).toEqual(Object.keys(ruLater).sort());
    const first = all.filter((file) => !later.includes(file));
    for (const group of [...groupsOf(first), ...sharedGroups(RU_PUBLIC_MESSAGES)]) {
      expect(Object.keys(ruCatalog), group).toContain(group);
    }
    for (const group of [...groupsOf(later), ...sharedLater])
      expect(Object.keys(ruCatalog), group).not.toContain(group);
  });

  it('bring the later texts when a page asks, and with every language switched to afterwards', async () => {
    vi.resetModules();
    const fresh = await import('./i18n');
    await fresh.initI18n('ru');
    expect(fresh.i18n.t('pagination.page', { page: 2 })).not.toBe('pagination.page');
    expect(fresh.i18n.t('findTicket.title')).toBe('findTicket.title');
    await fresh.i18n.loadLater();
    expect(fresh.i18n.t('findTicket.title')).toBe('Найти заявку');
    await fresh.i18n.changeLanguage('en');
    expect(fresh.i18n.t('findTicket.title')).toBe('Find your ticket');
  });
});

describe('the site’s catalog', () => {
  it('has every key the site’s code names literally', () => {
    const known = new Map([...leaves(ruCatalog as Tree), ...leaves(ruLater as Tree)]);
    const used = new Set<string>();
    for (const text of Object.values(SOURCES)) {
      for (const match of text.matchAll(/\bt\('([a-zA-Z]+\.[\w.]+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(300);
    for (const key of used) expect(known.has(key), key).toBe(true);
  });
});

function Greeting() {
  const { t } = useTranslation();
  return <p>{t('pagination.page', { page: 3 })}</p>;
}

describe('the translation store', () => {
  it('speaks the page language from the start, before its catalog arrives (calls made meanwhile say it)', async () => {
    vi.resetModules();
    const fresh = await import('./i18n');
    const ready = fresh.initI18n('en');
    expect(fresh.i18n.language).toBe('en');
    await ready;
    expect(fresh.i18n.t('pagination.page', { page: 2 })).toBe('Page 2');
  });

  it('keeps copy a feature adds for itself across the catalog’s arrival', async () => {
    i18n.addResources('en', { extra: { hello: 'Hi {name}' } });
    await i18n.changeLanguage('en');
    expect(i18n.t('extra.hello', { name: 'Ann' })).toBe('Hi Ann');
    await i18n.changeLanguage('ru');
    expect(i18n.t('extra.hello')).toBe('extra.hello');
  });

  it('fills placeholders, answers an unknown key with the key, and re-renders on a language switch', async () => {
    await initI18n('ru');
    render(<Greeting />);
    const ruText = screen.getByRole('paragraph').textContent;
    expect(ruText).toContain('3');
    expect(ruText).not.toContain('{page}');
    expect(i18n.t('nowhere.toBeFound')).toBe('nowhere.toBeFound');

    await act(() => i18n.changeLanguage('en'));
    expect(i18n.language).toBe('en');
    const enText = screen.getByRole('paragraph').textContent;
    expect(enText).toContain('3');
    expect(enText).not.toBe(ruText);
    await act(() => i18n.changeLanguage('ru'));
  });
});
