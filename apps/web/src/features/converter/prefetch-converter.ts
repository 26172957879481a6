import type { QueryClient } from '@tanstack/react-query';
import type { Lang } from '@obmen/shared/i18n';
import { quoteQueryOptions } from './api/calculate';
import { currenciesQueryOptions } from './api/get-currencies';
import { directionsQueryOptions } from './api/get-directions';
import { overviewQueryOptions } from './api/get-overview';
import { currencyMessageQueryOptions } from './api/get-currency-message';
import { directionStatusQueryOptions } from './api/get-direction-status';
import { rangeQueryOptions } from './api/get-range';
import { reserveQueryOptions } from './api/get-reserve';
import { seoQueryOptions } from './api/get-seo';
import { floorOf, pairFromSegment, resolvePair, settledAmount } from './converter-logic';
import { cleanPromo } from './converter-state';

export interface ConverterPage {
  lang: Lang;
  /** The address's `{GIVE}--{GET}`, on a pair page. */
  pairSegment: string | undefined;
  search: URLSearchParams;
  /** Exchanges are open (no quote is priced during maintenance). */
  siteOpen: boolean;
}

/**
 * Asks what the converter draws on its first render (useConverter), with the same queries, so a
 * page drawn on the server holds the pair, its sums, rate, reserve and limits: the lists, then the
 * pair's status, range, reserve, notes and texts, and the opening quote at the pair's minimum.
 */
export async function prefetchConverter(client: QueryClient, page: ConverterPage): Promise<void> {
  const { lang } = page;
  const urlPair = pairFromSegment(page.pairSegment);
  const [giveList, getList] = await Promise.all([
    client.ensureQueryData(currenciesQueryOptions('give', lang)),
    client.ensureQueryData(currenciesQueryOptions('get', lang)),
    urlPair && client.prefetchQuery(seoQueryOptions(urlPair.give, urlPair.get, lang)),
    // The pickers mark the currencies that do not go with the other side's.
    client.prefetchQuery(directionsQueryOptions()),
    client.prefetchQuery(overviewQueryOptions(lang)),
  ]);
  const pair = resolvePair(giveList, getList, [urlPair]);
  if (!pair) return;
  const fixed = false;
  const [open, range] = await Promise.all([
    client.fetchQuery(directionStatusQueryOptions(pair.give, pair.get, fixed)).catch(() => false),
    client.fetchQuery(rangeQueryOptions(pair.give, pair.get, fixed)).catch(() => null),
    client.prefetchQuery(reserveQueryOptions(pair.get)),
    client.prefetchQuery(currencyMessageQueryOptions(pair.give, 'give', lang)),
    client.prefetchQuery(currencyMessageQueryOptions(pair.get, 'get', lang)),
  ]);
  if (!open || !range || !page.siteOpen) return;
  const { sum } = settledAmount(floorOf(range), lang);
  const request = { ...pair, sum, direction: 'sell', fixed, promocode: cleanPromo(page.search.get('promo')) } as const;
  await client.prefetchQuery(quoteQueryOptions(request, lang));
}
