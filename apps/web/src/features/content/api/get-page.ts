import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, PageSlug } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './query-keys';
import { retryUnlessMissing } from './retry';
import { readThrough } from '../../../lib/query-client';

export function getPage(slug: PageSlug, lang: Lang, signal?: AbortSignal): Promise<Page> {
  return apiRequest<Page>(`/api/v1/pages/${slug}`, { lang, ...(signal && { signal }) });
}

export const pageQueryOptions = (slug: PageSlug, lang: Lang) =>
  queryOptions({
    queryKey: contentKeys.page(slug, lang),
    queryFn: ({ client, signal }) => readThrough(client, 'page', getPage)(slug, lang, signal),
    staleTime: 5 * 60_000,
    retry: retryUnlessMissing,
  });

export function usePage(slug: PageSlug, lang: Lang) {
  return useQuery(pageQueryOptions(slug, lang));
}
