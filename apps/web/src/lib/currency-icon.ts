const SHIPPED = /^\/icons\/currencies\/([a-z0-9]+)\.svg$/;

/**
 * Where an icon in a list of currencies (the market overview, the currency picker) is drawn from:
 * an icon the site ships (public/icons/currencies) is a view of their one sprite
 * (scripts/currency-sprite.mjs), so the list fetches one file, not a dozen; any other path an
 * operator set is its own file. A currency shown alone (the converter's two) keeps its own small
 * file: drawing a view means decoding the whole sprite, which cost the first paint more than the
 * file it saved (Lighthouse, issue 43).
 */
export function currencyIconSrc(iconPath: string): string {
  const shipped = SHIPPED.exec(iconPath);
  return shipped ? `/icons/currencies/sprite.svg#${shipped[1]}` : iconPath;
}
