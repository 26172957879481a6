import type { QueryClient } from '@tanstack/react-query';
import type { PageSlug } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { newsItemQueryOptions } from './api/get-news-item';
import { newsPageQueryOptions } from './api/get-news-page';
import { pageQueryOptions } from './api/get-page';
import { isNewsId, newsPageFromSearch } from './news-params';

/** A page of the operator's text (about, rules, FAQ, contacts…), as ContentPage asks for it. */
export const prefetchContentPage = (client: QueryClient, slug: PageSlug, lang: Lang) =>
  client.prefetchQuery(pageQueryOptions(slug, lang));

/** The news list at its `?page=`, as the news page asks for it. */
export const prefetchNewsPage = (client: QueryClient, search: URLSearchParams, lang: Lang) =>
  client.prefetchQuery(newsPageQueryOptions(newsPageFromSearch(search.get('page')), lang));

/** One news item, when its id is one (any other id is the page's own "not found"). */
export const prefetchNewsItem = async (client: QueryClient, id: string, lang: Lang) => {
  if (isNewsId(id)) await client.prefetchQuery(newsItemQueryOptions(id, lang));
};
