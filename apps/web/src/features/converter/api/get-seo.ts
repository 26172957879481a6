import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SeoRecord } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { ApiError, apiGet, type GetCall } from '../../../lib/api-client';
import { directionKeyOf } from '../converter-logic';
import { useDirections } from './get-directions';
import { converterKeys } from './query-keys';
import { readThrough } from '../../../lib/query-client';

/** GET /api/v1/seo/getbytickers: the pair's texts, or null when it has none (404). */
export async function getSeo(give: string, get: string, lang: Lang, signal?: AbortSignal): Promise<SeoRecord | null> {
  try {
    return await apiGet<SeoRecord>(seoCall(give, get, lang), signal);
  } catch (error) {
    // No record for the pair: the page keeps its default texts (spec §8).
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

const seoCall = (give: string, get: string, lang: Lang): GetCall => ({
  path: '/api/v1/seo/getbytickers',
  query: { giveCode: give, getCode: get },
  lang,
});

export const seoQueryOptions = (give: string, get: string, lang: Lang) =>
  queryOptions({
    queryKey: converterKeys.seo(give, get, lang),
    queryFn: ({ client, signal }) => readThrough(client, 'seo', getSeo)(give, get, lang, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * The pair's texts, asked only of a pair the directions list says has them: the 404 of one
 * without (spec §8) would be an error line in the browser's console for an expected answer.
 */
export function useSeo(pair: { give: string; get: string } | null, lang: Lang) {
  const directions = useDirections();
  const withTexts = directions.data?.withTexts;
  const known = directions.isSuccess || directions.isError;
  const wanted = pair !== null && known && (!withTexts || withTexts.has(directionKeyOf(pair.give, pair.get)));
  const seo = useQuery({ ...seoQueryOptions(pair?.give ?? '', pair?.get ?? '', lang), enabled: wanted });
  return {
    data: wanted ? seo.data : null,
    /** Still waiting to know the texts (or that there are none). */
    isPending: pair !== null && (!known || (wanted && seo.isPending)),
  };
}
