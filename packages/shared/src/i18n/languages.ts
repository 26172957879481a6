/** The languages of the product; the first is the default (spec §9: non-English becomes Russian). */
export const LANGS = ['ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'ru';

/** The codes the server stores a user's language under (spec §7 change_lang). */
export const SERVER_LANG_CODES = { ru: 'ru-RU', en: 'en-US' } as const satisfies Record<Lang, string>;

export function isLang(value: unknown): value is Lang {
  return value === 'ru' || value === 'en';
}

/** English when the tag says English, Russian for anything else (spec §9). */
export function langFromTag(tag: string | null | undefined): Lang {
  return tag?.trim().toLowerCase().startsWith('en') ? 'en' : 'ru';
}

/**
 * The language of an Accept-Language header: the first of our languages by the client's
 * preference order (q-values honoured), else the default.
 */
export function langFromAcceptLanguage(header: string | null | undefined): Lang {
  if (!header) return DEFAULT_LANG;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const primary = tag.split('-')[0];
    if (isLang(primary)) return primary;
  }
  return DEFAULT_LANG;
}
