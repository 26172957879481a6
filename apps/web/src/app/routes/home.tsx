import { data } from 'react-router';
import { useHydrated } from '../../hooks/use-hydrated';
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
import { segmentHasDirection } from '../../features/converter/api/get-directions';
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
import { phishingWarningSeen } from '../../features/converter/phishing-warning-seen';
import { PhishingWarning } from '../../features/converter/components/phishing-warning';
import styles from './home.module.css';

/**
 * What the converter draws on its first render (useConverter), with the same queries: the lists,
 * then the pair's status, range, reserve, notes and texts, and the opening quote at the pair's
 * minimum. A pair the exchanger has no direction for is no page (404).
 */
export const loader: PageLoader = async ({ params, request, context }) => {
  const { queryClient: client, lang } = context;
  if (params.pair !== undefined && !(await segmentHasDirection(client, params.pair))) throw data(null, { status: 404 });
  const urlPair = pairFromSegment(params.pair);
  const [giveList, getList] = await Promise.all([
    client.ensureQueryData(currenciesQueryOptions('give', lang)),
    client.ensureQueryData(currenciesQueryOptions('get', lang)),
    urlPair && client.prefetchQuery(seoQueryOptions(urlPair.give, urlPair.get, lang)),
    client.prefetchQuery(overviewQueryOptions(lang)),
  ]);
  const pair = resolvePair(giveList, getList, [urlPair]);
  if (!pair) return null;
  const fixed = false;
  const [open, range, siteOpen] = await Promise.all([
    client.fetchQuery(directionStatusQueryOptions(pair.give, pair.get, fixed)).catch(() => false),
    client.fetchQuery(rangeQueryOptions(pair.give, pair.get, fixed)).catch(() => null),
    context.siteOpen(),
    client.prefetchQuery(reserveQueryOptions(pair.get)),
    client.prefetchQuery(currencyMessageQueryOptions(pair.give, 'give', lang)),
    client.prefetchQuery(currencyMessageQueryOptions(pair.get, 'get', lang)),
  ]);
  if (!open || !range || !siteOpen) return null;
  const { sum } = settledAmount(floorOf(range), lang);
  const promocode = cleanPromo(new URL(request.url).searchParams.get('promo'));
  await client.prefetchQuery(quoteQueryOptions({ ...pair, sum, direction: 'sell', fixed, promocode }, lang));
  return null;
};

/** The home page (spec §2): the converter, with the pair page's texts when the address names a pair. */
export function Component() {
  const model = useConverter();
  const texts = usePairTexts(model);
  // Storage is the browser's: the one-time notice opens after hydration, until it is dismissed.
  const warn = useHydrated() && !phishingWarningSeen();

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
      {warn && <PhishingWarning />}
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
