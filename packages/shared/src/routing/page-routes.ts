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
  { name: 'user_settings', path: 'user' },
  { name: 'user_tickets', path: 'user/tickets' },
  { name: 'user_referral', path: 'user/referral' },
  { name: 'user_promo', path: 'user/promo' },
  { name: 'ticket_create', path: 'ticket/create' },
  { name: 'find_ticket', path: 'ticket/find' },
  { name: 'ticket_info', path: 'ticket/:id' },
  { name: 'payment_info', path: 'ticket/:id/payment_info' },
  { name: 'card_check', path: 'ticket/:id/card_check' },
  { name: 'card_verify', path: 'ticket/:id/card_verify' },
  { name: 'home_with_currencies', path: ':pair' },
] as const;

export type PageRouteName = (typeof PAGE_ROUTES)[number]['name'];

/** `{cur_from}--{cur_to}` with word-character codes (spec §2). */
/**
 * Each page's module in the web app, by its file name in apps/web/src/app/routes: the router loads
 * it when the page is first visited, and the server names it, with what it imports, in the page's
 * head, so it downloads beside the app's entry instead of after it has run (issue 11).
 */
export const PAGE_MODULES: Record<PageRouteName, string> = {
  home: 'home',
  home_with_currencies: 'home',
  login: 'login',
  register: 'register',
  reset_password: 'reset-password',
  about: 'info-page',
  partner: 'info-page',
  rules: 'info-page',
  aml: 'info-page',
  faq: 'faq',
  news: 'news',
  show_news: 'show-news',
  contacts: 'contacts',
  user_settings: 'user-settings',
  user_tickets: 'user-tickets',
  user_referral: 'user-referral',
  user_promo: 'user-promo',
  ticket_create: 'ticket-create',
  find_ticket: 'find-ticket',
  ticket_info: 'ticket-info',
  payment_info: 'payment-info',
  card_check: 'card-check',
  card_verify: 'card-verify',
};

/** The user area's four pages share one layout (apps/web/src/app/layout/user-area-layout.tsx). */
export const USER_AREA_PAGES: readonly PageRouteName[] = [
  'user_settings',
  'user_tickets',
  'user_referral',
  'user_promo',
];

/**
 * The public pages the server draws (issue 32), each with the data of its first render; pages of
 * one person (tickets, the user area) and the sign-in forms are drawn in the browser, and carry
 * the texts they need in a later part of the catalog (apps/web/src/locales/parts.ts).
 */
export const SERVER_DRAWN_PAGES = [
  'home',
  'home_with_currencies',
  'news',
  'show_news',
  'about',
  'partner',
  'rules',
  'aml',
  'faq',
  'contacts',
] as const satisfies readonly PageRouteName[];

export type ServerDrawnPage = (typeof SERVER_DRAWN_PAGES)[number];

export const isServerDrawn = (name: PageRouteName): name is ServerDrawnPage =>
  (SERVER_DRAWN_PAGES as readonly PageRouteName[]).includes(name);

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
