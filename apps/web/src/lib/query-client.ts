import { hydrate, isServer, QueryClient, type DehydratedState } from '@tanstack/react-query';
import type { PublicReads } from '@obmen/shared/contracts';

// The reads a client's public queries answer from, when they are not the API over HTTP.
const readsByClient = new WeakMap<QueryClient, PublicReads>();

/**
 * A query client. With `reads` (the server drawing a page: its services, in process), the public
 * pages' queries answer from them; without, from the API, as in the browser.
 */
export function createQueryClient(reads?: PublicReads): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
  if (reads) readsByClient.set(client, reads);
  return client;
}

/**
 * The reads a query asks through: the client's own, else `overHttp` (the API call the query is
 * named after). A query's `queryFn` gets its client, so the same query options serve both sides.
 */
export function readThrough<K extends keyof PublicReads>(
  client: QueryClient,
  read: K,
  overHttp: PublicReads[K],
): PublicReads[K] {
  return readsByClient.get(client)?.[read] ?? overHttp;
}

/** One client for the app, so code outside components (the session) shares its cache and deduping. */
export const queryClient = createQueryClient();

/** Answers that came with a page stand for its first moments only: a later call asks the server. */
export const PAGE_ANSWERS_FRESH_MS = 30_000;

/** The answers the server's render used, by query, with when they were taken (this device's clock). */
const fromPage = new Map<string, number>();
let pageTakenAt = 0;

/**
 * Takes over the server render's query cache before hydration, so the first render in the
 * browser draws from the same data as the HTML. `shift` moves the server's clock to this device's
 * (times of answers, and a quote's deadline, which were taken on the server).
 */
export function hydrateFromPage(client: QueryClient, state: DehydratedState, shift: number): void {
  for (const { state: query } of state.queries) {
    query.dataUpdatedAt += shift;
    const data = query.data as { deadline?: unknown } | null | undefined;
    if (data && typeof data === 'object' && typeof data.deadline === 'number') data.deadline += shift;
  }
  hydrate(client, state);
  pageTakenAt = Date.now();
  for (const { queryHash, state: query } of state.queries) fromPage.set(queryHash, query.dataUpdatedAt);
}

type QueryState = { queryHash: string; state: { dataUpdatedAt: number } };

/**
 * The query's data is still the answer the page came with (no call has answered it since). On the
 * server every answer is the page's: the HTML must show what hydration will (a quote not "being
 * fetched again", say), since React does not patch attributes that differ.
 */
export const answeredByPage = (query: QueryState): boolean =>
  isServer ||
  (fromPage.get(query.queryHash) === query.state.dataUpdatedAt && Date.now() - pageTakenAt < PAGE_ANSWERS_FRESH_MS);

/**
 * `staleTime` for a query whose answers are stale at once (asked again on every visit): the
 * answer the page came with is as fresh as the page, so hydration does not ask again at once.
 */
export const staleUnlessFromPage = (query: QueryState): number => (answeredByPage(query) ? PAGE_ANSWERS_FRESH_MS : 0);
