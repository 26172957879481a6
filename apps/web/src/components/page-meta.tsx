import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';
import { LANGS, isLang, type Lang } from '@obmen/shared/i18n';
import { useTranslation } from '../lib/i18n';
import { useLanguage } from '../hooks/use-language';

/** What the document is drawn for: the site's public address, for canonical links (PUBLIC_URL). */
export const SiteAddress = createContext<string>('');

export interface PageMetaProps {
  /** The whole title, as the tab shows it. */
  title: string;
  /** The site's description when not given. */
  description?: string | undefined;
  /** Personal or private pages stay out of search engines. */
  noindex?: boolean;
  /** A page that does not exist: no canonical address worth pointing search engines to. */
  notFound?: boolean;
  /** The page's path below the language (`news?page=2`, `BTC--USDT`); the address's own when not given. */
  path?: string;
  /** A news item: published when. */
  publishedTime?: string;
}

/** The address's path after its language segment, without the search. */
function pathBelowLanguage(pathname: string): string {
  const [, first = '', ...rest] = pathname.split('/');
  return (isLang(first) ? rest : [first, ...rest]).join('/');
}

/**
 * A page's head: title, description, canonical and hreflang addresses, Open Graph, robots (design
 * §7). React 19 puts these elements in the document's <head> wherever a page renders them: the
 * server's HTML carries them for crawlers, and a navigation in the browser swaps them.
 */
export function PageMeta({ title, description, noindex, notFound, path, publishedTime }: PageMetaProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const site = useContext(SiteAddress);
  const { pathname } = useLocation();
  const below = path ?? pathBelowLanguage(pathname);
  const at = (l: Lang) => `${site}/${l}/${below}`;
  const text = description ?? t('home.metaDescription');
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={text} />
      {!notFound && <link rel="canonical" href={at(lang)} />}
      {!notFound && LANGS.map((l) => <link key={l} rel="alternate" hrefLang={l} href={at(l)} />)}
      {!notFound && <link rel="alternate" hrefLang="x-default" href={at('ru')} />}
      {!notFound && <meta property="og:url" content={at(lang)} />}
      <meta property="og:type" content={publishedTime ? 'article' : 'website'} />
      <meta property="og:site_name" content="Obmen" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={text} />
      <meta property="og:locale" content={lang === 'en' ? 'en_US' : 'ru_RU'} />
      {publishedTime && <meta property="article:published_time" content={publishedTime} />}
      <meta name="twitter:card" content="summary" />
      {(noindex || notFound) && <meta name="robots" content="noindex, nofollow" />}
    </>
  );
}
