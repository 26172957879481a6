import { data } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { useSeo } from '../../features/converter/api/get-seo';
import { Advantages } from '../../features/converter/components/advantages';
import { Converter } from '../../features/converter/components/converter';
import { MarketOverview } from '../../features/converter/components/market-overview';
import { SeoText } from '../../features/converter/components/seo-text';
import { quoteQueryOptions } from '../../features/converter/api/calculate';
import { currenciesQueryOptions } from '../../features/converter/api/get-currencies';
import { currencyMessageQueryOptions } from '../../features/converter/api/get-currency-message';
import { directionStatusQueryOptions } from '../../features/converter/api/get-direction-status';
import { directionsQueryOptions } from '../../features/converter/api/get-directions';
import { overviewQueryOptions } from '../../features/converter/api/get-overview';
import { rangeQueryOptions } from '../../features/converter/api/get-range';
import { reserveQueryOptions } from '../../features/converter/api/get-reserve';
import { seoQueryOptions } from '../../features/converter/api/get-seo';
import {
  floorOf,
  pairFromSegment,
  pairKey,
  resolvePair,
  settledAmount,
} from '../../features/converter/converter-logic';
import { cleanPromo } from '../../features/converter/converter-state';
import { PageMeta } from '../../components/page-meta';
import type { PageLoader } from '../load-context';
import { useConverter, type Converter as ConverterModel } from '../../features/converter/hooks/use-converter';
import { PhishingWarning } from '../../features/converter/components/phishing-warning';
import styles from './home.module.css';

/**
 * What the converter draws on its first render (useConverter), with the same queries: the lists,
 * then the pair's status, range, reserve, notes and texts, and the opening quote at the pair's
 * minimum. A pair the exchanger has no direction for is no page (404).
 */
export const loader: PageLoader = async ({ params, request, context }) => {
  const { queryClient: client, lang } = context;
  const urlPair = pairFromSegment(params.pair);
  const [giveList, getList, directions] = await Promise.all([
    client.ensureQueryData(currenciesQueryOptions('give', lang)),
    client.ensureQueryData(currenciesQueryOptions('get', lang)),
    // A list that cannot be read leaves the page to say what it can.
    client.ensureQueryData(directionsQueryOptions()).catch(() => null),
    client.prefetchQuery(overviewQueryOptions(lang)),
  ]);
  if (params.pair !== undefined) {
    const direction = urlPair && directions?.find((d) => d.giveName === urlPair.give && d.getName === urlPair.get);
    if (!urlPair || (directions && !direction)) throw data(null, { status: 404 });
    // Only a pair the list says has texts: another's 404 is an expected answer, not one to ask for.
    if (direction?.seo) await client.prefetchQuery(seoQueryOptions(urlPair.give, urlPair.get, lang));
  }
  const pair = resolvePair(giveList, getList, [urlPair]);
  if (!pair) return null;
  const fixed = false;
  const [open, siteOpen] = await Promise.all([
    client.fetchQuery(directionStatusQueryOptions(pair.give, pair.get, fixed)).catch(() => false),
    context.siteOpen(),
    client.prefetchQuery(reserveQueryOptions(pair.get)),
    client.prefetchQuery(currencyMessageQueryOptions(pair.give, 'give', lang)),
    client.prefetchQuery(currencyMessageQueryOptions(pair.get, 'get', lang)),
  ]);
  // A closed pair has no range to ask for (its 409 is no answer the page needs).
  const range = open ? await client.fetchQuery(rangeQueryOptions(pair.give, pair.get, fixed)).catch(() => null) : null;
  if (!range || !siteOpen) return null;
  const { sum } = settledAmount(floorOf(range), lang);
  const promocode = cleanPromo(new URL(request.url).searchParams.get('promo'));
  await client.prefetchQuery(quoteQueryOptions({ ...pair, sum, direction: 'sell', fixed, promocode }, lang));
  return null;
};

/** The home page (spec §2): the converter, with the pair page's texts when the address names a pair. */
export function Component() {
  const model = useConverter();
  const texts = usePairTexts(model);

  return (
    <div className={styles.page}>
      <PageMeta {...texts.meta} />
      <header className={styles.hero}>
        <h1 className={styles.title} data-settled={texts.settled || undefined}>
          {texts.heading}
        </h1>
      </header>
      <Converter model={model} />
      <MarketOverview lang={model.lang} />
      <SeoText title={texts.textTitle} body={texts.textBody} />
      <Advantages lang={model.lang} />
      <PhishingWarning />
    </div>
  );
}

/**
 * A pair page's title, description, heading and text come from its SEO record; without one (404)
 * the defaults stand, with the same title the server gives such a page (spec §8, design §7).
 */
function usePairTexts(model: ConverterModel) {
  const { t } = useTranslation();
  const { lang, urlPair } = model;
  const seo = useSeo(urlPair, lang);
  const record = seo.data ?? null;
  const nameOf = (code: string, list: typeof model.giveList) => list.find((c) => c.codeName === code)?.name ?? code;
  const settled = !urlPair || !seo.isPending;

  let title = t('home.metaTitle');
  if (urlPair) {
    title =
      record?.metaTitle ??
      t('home.pairTitle', { give: nameOf(urlPair.give, model.giveList), get: nameOf(urlPair.get, model.getList) });
  }
  return {
    meta: {
      title,
      description: record?.metaDescription ?? t('home.metaDescription'),
      // The pair's own address, in capitals whatever the visitor typed.
      path: urlPair ? pairKey(urlPair) : '',
    },
    settled,
    heading: record?.siteHeader ?? t('home.heading'),
    textTitle: record?.textTitle ?? t('home.seo.title'),
    textBody: record?.textBody ?? t('home.seo.body'),
  };
}
