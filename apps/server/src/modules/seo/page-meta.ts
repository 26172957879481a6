import {
  isAdminPath,
  matchPageRoute,
  NEWS_PER_PAGE,
  PAGE_SLUGS,
  pagePath,
  type Lang,
  type PageRouteName,
} from '@obmen/shared';
import type { Db } from '../../db/database';
import { directionKey, type Catalog } from '../exchange/exchange.catalog';
import { findSeoPair } from '../exchange/exchange.repository';
import { countNews, findNews, findPage } from '../content/content.repository';

export interface PageMeta {
  lang: Lang;
  title: string;
  description: string;
  /** The page's own address, and its twin in each language. */
  canonical: string;
  alternates: Record<Lang, string>;
  /** Open Graph type: a news item is an article, everything else the website. */
  type: 'website' | 'article';
  publishedTime?: string;
  /** Private or personal pages stay out of search engines. */
  noindex: boolean;
  /** The page does not exist: the app still renders its not-found page, with status 404. */
  notFound: boolean;
}

const SITE: Record<Lang, { title: string; description: string }> = {
  ru: {
    title: 'Obmen — обмен криптовалют и рублей 24/7',
    description:
      'Obmen — круглосуточный обмен рублей с карт Сбербанка, Т-Банка и по СБП на Bitcoin, USDT, Ethereum и другие криптовалюты. Быстро, прозрачно, без скрытых комиссий.',
  },
  en: {
    title: 'Obmen — crypto and rouble exchange 24/7',
    description:
      'Obmen exchanges roubles from Sberbank and T-Bank cards or SBP for Bitcoin, USDT, Ethereum and other crypto around the clock. Fast, transparent, no hidden fees.',
  },
};

const TITLES: Partial<Record<PageRouteName, Record<Lang, string>>> = {
  login: { ru: 'Вход', en: 'Log in' },
  register: { ru: 'Регистрация', en: 'Sign up' },
  reset_password: { ru: 'Восстановление пароля', en: 'Password reset' },
  find_ticket: { ru: 'Найти заявку', en: 'Find a ticket' },
  user_settings: { ru: 'Настройки', en: 'Settings' },
  user_tickets: { ru: 'Мои заявки', en: 'My tickets' },
  user_referral: { ru: 'Реферальная программа', en: 'Referral programme' },
  user_promo: { ru: 'Промокоды', en: 'Promo codes' },
  ticket_create: { ru: 'Создание заявки', en: 'New ticket' },
  ticket_info: { ru: 'Заявка', en: 'Ticket' },
  payment_info: { ru: 'Оплата заявки', en: 'Payment details' },
  card_check: { ru: 'Проверка карты', en: 'Card check' },
  card_verify: { ru: 'Верификация карты', en: 'Card verification' },
};

// The web app shows the same words when it navigates on its own (locales/*/content.json).
const NEWS: Record<Lang, { title: string; pageTitle: string; description: string; notFound: string }> = {
  ru: {
    title: 'Новости',
    pageTitle: 'Новости, страница {page}',
    description:
      'Новости Obmen: новые валюты и направления обмена, изменения условий, технические работы и режим работы в праздники.',
    notFound: 'Новость не найдена',
  },
  en: {
    title: 'News',
    pageTitle: 'News, page {page}',
    description:
      'Obmen news: new currencies and exchange pairs, changes to our terms, planned maintenance and holiday opening hours.',
    notFound: 'News item not found',
  },
};

// Ids are Postgres integers: anything longer is no news item, and must not reach the query.
const NEWS_ID = /^[1-9]\d{0,8}$/;
const PAGE_NUMBER = /^[1-9]\d{0,5}$/;

const PRIVATE: ReadonlySet<PageRouteName> = new Set([
  'login',
  'register',
  'reset_password',
  'user_settings',
  'user_tickets',
  'user_referral',
  'user_promo',
  'ticket_create',
  'find_ticket',
  'ticket_info',
  'payment_info',
  'card_check',
  'card_verify',
]);

/** What the server puts in the <head> of each page it sends, so crawlers need no JavaScript (design §7). */
export function createPageMeta({ db, catalog, publicUrl }: { db: Db; catalog: Catalog; publicUrl: string }) {
  return async function metaFor(pathname: string, query = new URLSearchParams()): Promise<PageMeta> {
    // The operator console: a page of the app (200), never indexed, with no language twins.
    if (isAdminPath(pathname)) {
      const address = `${publicUrl}${pathname.replace(/\/+$/, '')}`;
      return {
        lang: 'ru',
        title: 'Obmen — console',
        description: SITE.ru.description,
        type: 'website',
        canonical: address,
        alternates: { ru: address, en: address },
        noindex: true,
        notFound: false,
      };
    }
    const match = matchPageRoute(pathname);
    const lang: Lang = match?.lang ?? 'ru';
    const base = { lang, ...SITE[lang], type: 'website' as const, noindex: false, notFound: false };
    const addressesOf = (name: PageRouteName, params: Record<string, string> = {}, search = '') => {
      const at = (l: Lang) => `${publicUrl}${pagePath(l, name, params)}${search}`;
      return { canonical: at(lang), alternates: { ru: at('ru'), en: at('en') } };
    };
    const notFound = (title: string) => ({
      ...base,
      canonical: `${publicUrl}${pathname}`,
      alternates: { ru: `${publicUrl}/ru/`, en: `${publicUrl}/en/` },
      title: `${title} — Obmen`,
      noindex: true,
      notFound: true,
    });
    const noSuchPage = () => notFound(lang === 'en' ? '404 — Page not found' : '404 — Страница не найдена');
    if (!match) return noSuchPage();

    const addresses = addressesOf(match.name, match.params);
    const titled = (title: string, description = SITE[lang].description) => ({
      ...base,
      ...addresses,
      title: `${title} — Obmen`,
      description,
      noindex: PRIVATE.has(match.name),
    });

    switch (match.name) {
      case 'home':
        return { ...base, ...addresses };
      case 'home_with_currencies': {
        const [, give = '', get = ''] = /^(\w+)--(\w+)$/.exec(match.params.pair ?? '') ?? [];
        const pair = { pair: `${give}--${get}`.toUpperCase() };
        const { currencies, directions } = catalog.get();
        // A pair the exchanger has no direction for is no page (the app shows its 404 too).
        if (!directions.has(directionKey(give.toUpperCase(), get.toUpperCase()))) {
          return noSuchPage();
        }
        const seo = await findSeoPair(db, give.toUpperCase(), get.toUpperCase());
        if (seo) {
          return {
            ...base,
            ...addressesOf('home_with_currencies', pair),
            title: lang === 'en' ? seo.metaTitleEn : seo.metaTitleRu,
            description: lang === 'en' ? seo.metaDescriptionEn : seo.metaDescriptionRu,
          };
        }
        const name = (code: string) => {
          const row = currencies.get(code.toUpperCase())?.row;
          return row ? (lang === 'en' ? row.nameEn : row.nameRu) : code.toUpperCase();
        };
        return {
          ...titled(lang === 'en' ? `Exchange ${name(give)} to ${name(get)}` : `Обмен ${name(give)} на ${name(get)}`),
          ...addressesOf('home_with_currencies', pair),
        };
      }
      case 'news': {
        const raw = query.get('page');
        const page = raw && PAGE_NUMBER.test(raw) ? Number(raw) : 1;
        if (page === 1) return titled(NEWS[lang].title, NEWS[lang].description);
        // A page past the last one is no page: crawlers get 404, the app its empty-list state.
        if (page > Math.ceil((await countNews(db)) / NEWS_PER_PAGE)) return notFound(NEWS[lang].title);
        return {
          ...titled(NEWS[lang].pageTitle.replace('{page}', String(page)), NEWS[lang].description),
          ...addressesOf('news', {}, `?page=${page}`),
        };
      }
      case 'show_news': {
        const id = match.params.id ?? '';
        const item = NEWS_ID.test(id) ? await findNews(db, Number(id)) : undefined;
        if (!item) return notFound(NEWS[lang].notFound);
        return {
          ...titled(lang === 'en' ? item.titleEn : item.titleRu, lang === 'en' ? item.summaryEn : item.summaryRu),
          ...addressesOf('show_news', { id: String(item.id) }),
          type: 'article',
          publishedTime: item.publishedAt.toISOString(),
        };
      }
      default: {
        if ((PAGE_SLUGS as readonly string[]).includes(match.name)) {
          const page = await findPage(db, match.name);
          if (page) {
            return {
              ...base,
              ...addresses,
              title: lang === 'en' ? page.metaTitleEn : page.metaTitleRu,
              description: lang === 'en' ? page.metaDescriptionEn : page.metaDescriptionRu,
            };
          }
        }
        return titled(TITLES[match.name]?.[lang] ?? SITE[lang].title);
      }
    }
  };
}

export type MetaFor = ReturnType<typeof createPageMeta>;

const escapeAttr = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** index.html with this page's language, title, description, canonical, hreflang and Open Graph tags. */
export function injectMeta(indexHtml: string, meta: PageMeta): string {
  const tags = [
    // A page that does not exist has no address worth pointing search engines to.
    ...(meta.notFound
      ? []
      : [
          `<link rel="canonical" href="${escapeAttr(meta.canonical)}" />`,
          `<link rel="alternate" hreflang="ru" href="${escapeAttr(meta.alternates.ru)}" />`,
          `<link rel="alternate" hreflang="en" href="${escapeAttr(meta.alternates.en)}" />`,
          `<link rel="alternate" hreflang="x-default" href="${escapeAttr(meta.alternates.ru)}" />`,
          `<meta property="og:url" content="${escapeAttr(meta.canonical)}" />`,
        ]),
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:site_name" content="Obmen" />`,
    `<meta property="og:title" content="${escapeAttr(meta.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(meta.description)}" />`,
    `<meta property="og:locale" content="${meta.lang === 'en' ? 'en_US' : 'ru_RU'}" />`,
    `<meta property="og:locale:alternate" content="${meta.lang === 'en' ? 'ru_RU' : 'en_US'}" />`,
    ...(meta.publishedTime
      ? [`<meta property="article:published_time" content="${escapeAttr(meta.publishedTime)}" />`]
      : []),
    `<meta name="twitter:card" content="summary" />`,
    ...(meta.noindex ? ['<meta name="robots" content="noindex, nofollow" />'] : []),
  ].join('\n    ');
  // Functions as replacements, so a `$&` or `$1` in an operator's title is kept as typed.
  return indexHtml
    .replace(/<html lang="[^"]*"/, () => `<html lang="${meta.lang}"`)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeAttr(meta.title)}</title>`)
    .replace(
      // Vite may keep the tag over several lines, as index.html has it.
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeAttr(meta.description)}" />`,
    )
    .replace('</head>', () => `    ${tags}\n  </head>`);
}
