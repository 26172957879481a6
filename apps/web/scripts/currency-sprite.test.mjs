import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCurrencySprite, ICONS_DIR, SPRITE_FILE } from './currency-sprite.mjs';

const sprite = () => readFileSync(path.join(ICONS_DIR, SPRITE_FILE), 'utf8');

describe('the currency icons sprite (public/icons/currencies/sprite.svg)', () => {
  it('is up to date with the icons: node apps/web/scripts/currency-sprite.mjs writes it', () => {
    expect(sprite()).toBe(buildCurrencySprite());
  });

  it('has a view of every shipped icon, so every shipped path drawn from it shows one', () => {
    const icons = readdirSync(ICONS_DIR).filter((file) => file.endsWith('.svg') && file !== SPRITE_FILE);
    expect(icons.length).toBeGreaterThan(10);
    for (const file of icons) expect(sprite()).toContain(`<view id="${file.slice(0, -'.svg'.length)}" `);
  });
});
