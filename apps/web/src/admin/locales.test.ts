import { describe, expect, it } from 'vitest';
import { catalogFiles, leaves, placeholders, type Tree } from '../locales/catalog-files';
import { CONSOLE_CATALOGS } from './i18n';

// The console's own source, as text: the keys it names literally must all exist.
const SOURCES = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('the console’s ru and en copy', () => {
  const ru = leaves(CONSOLE_CATALOGS.ru as Tree);
  const en = leaves(CONSOLE_CATALOGS.en as Tree);

  it('has the same keys in both languages, each with the same placeholders and no empty text', () => {
    expect([...en.keys()].sort()).toEqual([...ru.keys()].sort());
    for (const [key, text] of ru) {
      expect(text.trim(), `ru ${key}`).not.toBe('');
      expect(en.get(key)?.trim(), `en ${key}`).not.toBe('');
      expect(placeholders(en.get(key) ?? ''), `en ${key}`).toEqual(placeholders(text));
    }
  });

  it('lives in its own group, which no visitor catalog defines (so the visitors’ bundle carries none of it)', () => {
    expect(Object.keys(CONSOLE_CATALOGS.ru)).toEqual(['admin']);
    for (const [file, content] of Object.entries(catalogFiles('ru'))) {
      expect(Object.keys(content), `locales/ru/${file}.json`).not.toContain('admin');
    }
  });

  it('has every key the console’s code names literally', () => {
    const used = new Set<string>();
    for (const text of Object.values(SOURCES)) {
      for (const match of text.matchAll(/'(admin\.[\w.]+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(100);
    for (const key of used) expect(ru.has(key), key).toBe(true);
  });
});
