import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsPage } from '@obmen/shared/contracts';
import { NEWS_PER_PAGE } from '@obmen/shared/news-paging';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './query-keys';
import { retryUnlessMissing } from './retry';
import { readThrough } from '../../../lib/query-client';

export function getNewsPage(page: number, lang: Lang, signal?: AbortSignal): Promise<NewsPage> {
  return apiRequest<NewsPage>('/api/v1/news/', {
    lang,
    query: { page, perPage: NEWS_PER_PAGE },
    ...(signal && { signal }),
  });
}

export const newsPageQueryOptions = (page: number, lang: Lang) =>
  queryOptions({
    queryKey: contentKeys.newsList(page, lang),
    queryFn: ({ client, signal }) => readThrough(client, 'newsPage', getNewsPage)(page, lang, signal),
    staleTime: 60_000,
    retry: retryUnlessMissing,
  });

/** One page of the news; the page shown stays on screen while the next one loads. */
export function useNewsPage(page: number, lang: Lang) {
  return useQuery({ ...newsPageQueryOptions(page, lang), placeholderData: keepPreviousData });
}
