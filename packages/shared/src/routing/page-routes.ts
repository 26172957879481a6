import { isLang, type Lang } from '../i18n/languages';

/**
 * The product's pages (spec §2), as paths below the optional language segment. The order matters
 * for matching: a static path comes before a dynamic one that could also match it.
 */
export const PAGE_ROUTES = [
  { name: 'home', path: '' },
  { name: 'login', path: 'login' },
  { name: 'register', path: 'register' },
  { name: 'reset_password', path: 'reset' },
  { name: 'about', path: 'about' },
  { name: 'partner', path: 'partner' },
  { name: 'rules', path: 'rules' },
  { name: 'aml', path: 'aml' },
  { name: 'faq', path: 'faq' },
  { name: 'news', path: 'news' },
  { name: 'show_news', path: 'news/:id' },
  { name: 'contacts', path: 'contacts' },
  { name: 'status', path: 'status' },
  { name: 'verify', path: 'verify' },
  { name: 'user_settings', path: 'user' },
  { name: 'user_tickets', path: 'user/tickets' },
  { name: 'user_referral', path: 'user/referral' },
  { name: 'user_promo', path: 'user/promo' },
  { name: 'user_partner', path: 'user/partner' },
  { name: 'ticket_create', path: 'ticket/create' },
  { name: 'find_ticket', path: 'ticket/find' },
  { name: 'ticket_info', path: 'ticket/:id' },
  { name: 'payment_info', path: 'ticket/:id/payment_info' },
  { name: 'card_check', path: 'ticket/:id/card_check' },
  { name: 'card_verify', path: 'ticket/:id/card_verify' },
  { name: 'ticket_receipt', path: 'ticket/:id/receipt' },
  { name: 'home_with_currencies', path: ':pair' },
] as const;

export type PageRouteName = (typeof PAGE_ROUTES)[number]['name'];

/** `{cur_from}--{cur_to}` with word-character codes (spec §2). */
export const PAIR_SEGMENT = /^(\w+)--(\w+)$/;

export interface PageMatch {
  name: PageRouteName;
  /** The language segment of the path, when it has one. */
  lang: Lang | null;
  params: Record<string, string>;
}

function matchSegments(pattern: string, segments: string[]): Record<string, string> | null {
  const parts = pattern === '' ? [] : pattern.split('/');
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const segment = segments[i] ?? '';
    if (part.startsWith(':')) {
      if (!segment) return null;
      params[part.slice(1)] = segment;
    } else if (part !== segment) {
      return null;
    }
  }
  return params;
}

/** Which page a URL path shows, or null for the not-found page. */
export function matchPageRoute(pathname: string): PageMatch | null {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  const first = segments[0];
  const lang = isLang(first) ? first : null;
  if (lang) segments = segments.slice(1);
  for (const route of PAGE_ROUTES) {
    const params = matchSegments(route.path, segments);
    if (!params) continue;
    if (route.name === 'home_with_currencies' && !PAIR_SEGMENT.test(params.pair ?? '')) continue;
    return { name: route.name, lang, params };
  }
  return null;
}

/** The path of a page in a language: `pagePath('en', 'show_news', { id: '7' })` → `/en/news/7`. */
export function pagePath(lang: Lang, name: PageRouteName, params: Record<string, string> = {}): string {
  const route = PAGE_ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown page ${name}`);
  const path = route.path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Page ${name} needs the parameter ${key}`);
    return encodeURIComponent(value);
  });
  return `/${lang}/${path}`;
}

/**
 * The operator console's address: its own app (design §6) below one path, with no language
 * segment (the console keeps its language itself). Never in the sitemap; robots.txt keeps crawlers out.
 */
export const ADMIN_BASE_PATH = '/admin';

/** `/admin` and every path below it. */
export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN_BASE_PATH || pathname.startsWith(`${ADMIN_BASE_PATH}/`);
}

/**
 * The embeddable widget (issue 47): the converter and the ticket flow, below one path with no
 * language segment (`?lang=` says it), framed by a partner's sites (`?partner=` names the partner).
 */
export const EMBED_BASE_PATH = '/embed';

/** `/embed` and every path below it. */
export function isEmbedPath(pathname: string): boolean {
  return pathname === EMBED_BASE_PATH || pathname.startsWith(`${EMBED_BASE_PATH}/`);
}
