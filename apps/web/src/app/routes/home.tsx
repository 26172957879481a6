import { useTranslation } from '../../lib/i18n';
import { pagePath } from '@obmen/shared/routing';
import { useSeo } from '../../features/converter/api/get-seo';
import { Advantages } from '../../features/converter/components/advantages';
import { Converter } from '../../features/converter/components/converter';
import { MarketOverview } from '../../features/converter/components/market-overview';
import { SeoText } from '../../features/converter/components/seo-text';
import { pairKey } from '../../features/converter/converter-logic';
import { useConverter, type Converter as ConverterModel } from '../../features/converter/hooks/use-converter';
import { usePageMeta } from '../../features/converter/hooks/use-page-meta';
import { PhishingWarning } from '../../features/converter/components/phishing-warning';
import styles from './home.module.css';

/** The home page (spec §2): the converter, with the pair page's texts when the address names a pair. */
export function Component() {
  const model = useConverter();
  const texts = usePairTexts(model);

  return (
    <div className={styles.page}>
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
  const segment = urlPair ? pairKey(urlPair) : null;
  const pathIn = (l: 'ru' | 'en') =>
    segment ? pagePath(l, 'home_with_currencies', { pair: segment }) : pagePath(l, 'home');
  usePageMeta(
    settled && (!urlPair || model.giveList.length > 0)
      ? {
          title,
          description: record?.metaDescription ?? t('home.metaDescription'),
          paths: { ru: pathIn('ru'), en: pathIn('en'), current: pathIn(lang) },
        }
      : null,
  );

  return {
    settled,
    heading: record?.siteHeader ?? t('home.heading'),
    textTitle: record?.textTitle ?? t('home.seo.title'),
    textBody: record?.textBody ?? t('home.seo.body'),
  };
}
