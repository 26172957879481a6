import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsDetail } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './query-keys';
import { retryUnlessMissing } from './retry';
import { readThrough } from '../../../lib/query-client';

export function getNewsItem(id: string, lang: Lang, signal?: AbortSignal): Promise<NewsDetail> {
  return apiRequest<NewsDetail>(`/api/v1/news/show/${encodeURIComponent(id)}`, { lang, ...(signal && { signal }) });
}

export const newsItemQueryOptions = (id: string, lang: Lang) =>
  queryOptions({
    queryKey: contentKeys.newsItem(id, lang),
    queryFn: ({ client, signal }) => readThrough(client, 'newsItem', getNewsItem)(id, lang, signal),
    staleTime: 5 * 60_000,
    retry: retryUnlessMissing,
  });

export function useNewsItem(id: string, lang: Lang, enabled = true) {
  return useQuery({ ...newsItemQueryOptions(id, lang), enabled });
}
