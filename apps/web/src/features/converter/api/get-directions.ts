import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DirectionPair } from '@obmen/shared/contracts';
import { apiGet } from '../../../lib/api-client';
import { directionKeyOf, type Directions } from '../converter-logic';
import { converterKeys } from './query-keys';
import { readThrough } from '../../../lib/query-client';

type DirectionHours = NonNullable<DirectionPair['hours']>;

/**
 * The list as the pages read it: the pairs, those with texts, the hours. One function for every
 * observer, so the query library keeps its result while the list is unchanged instead of building
 * the sets again for each component that asks.
 */
function directionSets(pairs: DirectionPair[]): {
  pairs: Directions;
  withTexts: Directions;
  hours: Map<string, DirectionHours>;
} {
  return {
    pairs: new Set(pairs.map((p) => directionKeyOf(p.giveName, p.getName))),
    withTexts: new Set(pairs.filter((p) => p.seo).map((p) => directionKeyOf(p.giveName, p.getName))),
    hours: new Map(pairs.flatMap((p) => (p.hours ? [[directionKeyOf(p.giveName, p.getName), p.hours] as const] : []))),
  };
}

/** GET /api/v1/Exchange/directions: every pair the exchanger has a direction for. */
export const getDirectionList = (signal?: AbortSignal) =>
  apiGet<DirectionPair[]>({ path: '/api/v1/Exchange/directions' }, signal);

/** The directions as a set of pairs. */
export const directionsQueryOptions = () =>
  queryOptions({
    queryKey: converterKeys.directions(),
    queryFn: ({ client, signal }) => readThrough(client, 'directions', getDirectionList)(signal),
    select: directionSets,
    staleTime: 60_000,
  });

export const useDirections = () => useQuery(directionsQueryOptions());
