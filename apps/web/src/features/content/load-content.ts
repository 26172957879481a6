import type { QueryClient } from '@tanstack/react-query';
import { data } from 'react-router';
import type { PageSlug } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { newsItemQueryOptions } from './api/get-news-item';
import { newsPageQueryOptions } from './api/get-news-page';
import { pageQueryOptions } from './api/get-page';
import { isMissing } from './api/retry';
import { isNewsId } from './news-params';

const NOT_FOUND = () => data(null, { status: 404 });

/** Reads a query's data; content that does not exist is the page's 404. */
async function ensureFound<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isMissing(error)) throw NOT_FOUND();
    throw error;
  }
}

/** A page of the operator's text (about, rules, FAQ, contacts…), as ContentPage reads it. */
export const loadContentPage = (client: QueryClient, slug: PageSlug, lang: Lang) =>
  ensureFound(() => client.ensureQueryData(pageQueryOptions(slug, lang)));

/** The news list at its `?page=`; a page past the last one is no page. */
export async function loadNewsPage(client: QueryClient, page: number, lang: Lang) {
  const list = await ensureFound(() => client.ensureQueryData(newsPageQueryOptions(page, lang)));
  if (page > 1 && list.items.length === 0) throw NOT_FOUND();
  return list;
}

/** One news item; an id that is none is no page. */
export async function loadNewsItem(client: QueryClient, id: string, lang: Lang) {
  if (!isNewsId(id)) throw NOT_FOUND();
  return ensureFound(() => client.ensureQueryData(newsItemQueryOptions(id, lang)));
}
