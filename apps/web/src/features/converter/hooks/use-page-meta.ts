import { useEffect } from 'react';

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function setLink(selector: string, href: string) {
  const element = document.head.querySelector<HTMLLinkElement>(selector);
  if (element) element.href = href;
}

export interface PageMeta {
  title: string;
  description: string;
  /** The page's path in each language, for the canonical and hreflang links the server wrote. */
  paths: { ru: string; en: string; current: string };
}

/**
 * Keeps the <head> the server rendered (design §7) in step as the pair changes without a reload:
 * title, description, their Open Graph twins, canonical and hreflang. Null leaves it as it is
 * (while the pair's texts load, the server's are already right).
 */
export function usePageMeta(meta: PageMeta | null): void {
  const title = meta?.title;
  const description = meta?.description;
  const { ru, en, current } = meta?.paths ?? {};
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    document.title = title;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const origin = canonical ? new URL(canonical.href).origin : window.location.origin;
    if (current && ru && en) {
      setLink('link[rel="canonical"]', origin + current);
      setMeta('property', 'og:url', origin + current);
      setLink('link[rel="alternate"][hreflang="ru"]', origin + ru);
      setLink('link[rel="alternate"][hreflang="en"]', origin + en);
      setLink('link[rel="alternate"][hreflang="x-default"]', origin + ru);
    }
  }, [title, description, ru, en, current]);
}
