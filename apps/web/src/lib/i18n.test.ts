import { describe, expect, it } from 'vitest';
import { catalogFiles } from './i18n';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

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
