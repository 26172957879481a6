import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Overview } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiGet } from '../../../lib/api-client';
import { staleUnlessFromPage, readThrough } from '../../../lib/query-client';
import { converterKeys } from './query-keys';

/** GET /api/v1/Exchange/overview: the reserves and the most exchanged pairs with their rate now. */
export const getOverview = (lang: Lang, signal?: AbortSignal) =>
  apiGet<Overview>({ path: '/api/v1/Exchange/overview', lang }, signal);

export const overviewQueryOptions = (lang: Lang) =>
  queryOptions({
    queryKey: converterKeys.overview(lang),
    queryFn: ({ client, signal }) => readThrough(client, 'overview', getOverview)(lang, signal),
    staleTime: staleUnlessFromPage,
    refetchInterval: 60_000,
  });

export const useOverview = (lang: Lang) => useQuery(overviewQueryOptions(lang));
