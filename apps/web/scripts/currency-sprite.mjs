// The currency icons of public/icons/currencies as one file, each icon a <view> of it
// (`sprite.svg#btc`): a page showing a dozen currencies fetches one file, not a dozen
// (lib/currency-icon.ts). Run after adding or changing an icon:
//   node apps/web/scripts/currency-sprite.mjs
// (currency-icon.test.ts fails while the sprite is out of date).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ICONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons/currencies');
export const SPRITE_FILE = 'sprite.svg';
const SIZE = 32;

/**
 * The sprite's text: the icons stacked, each 32 × 32 in an <svg> of its own. The icons share one
 * document, so an id (a gradient's) must be unique across them: a repeated one is refused.
 */
export function buildCurrencySprite(dir = ICONS_DIR) {
  const names = readdirSync(dir)
    .filter((file) => file.endsWith('.svg') && file !== SPRITE_FILE)
    .map((file) => file.slice(0, -'.svg'.length))
    .sort();
  const ids = new Set(names);
  for (const name of names) {
    for (const [, id] of readFileSync(path.join(dir, `${name}.svg`), 'utf8').matchAll(/\bid="([^"]+)"/g)) {
      if (ids.has(id)) throw new Error(`${name}.svg: the id "${id}" is taken in the sprite; rename it`);
      ids.add(id);
    }
  }
  const views = names.map((name, i) => `<view id="${name}" viewBox="0 ${i * SIZE} ${SIZE} ${SIZE}"/>`);
  const icons = names.map((name, i) => {
    const source = readFileSync(path.join(dir, `${name}.svg`), 'utf8');
    const viewBox = /<svg[^>]*\bviewBox="([^"]+)"/.exec(source)?.[1] ?? `0 0 ${SIZE} ${SIZE}`;
    const inner = source
      .replace(/^[\s\S]*?<svg[^>]*>/, '')
      .replace(/<\/svg>\s*$/, '')
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .trim();
    return `<svg x="0" y="${i * SIZE}" width="${SIZE}" height="${SIZE}" viewBox="${viewBox}">${inner}</svg>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE * names.length}">\n${[...views, ...icons].join('\n')}\n</svg>\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(path.join(ICONS_DIR, SPRITE_FILE), buildCurrencySprite());
}
