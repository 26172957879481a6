import { memo, useId } from 'react';
import { Link } from 'react-router';
import type { Overview } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { pagePath } from '@obmen/shared/routing';
import { useTranslation } from '../../../lib/i18n';
import { useOverview } from '../api/get-overview';
import { pairKey, readable } from '../converter-logic';
import styles from './home-sections.module.css';
import { currencyIconSrc } from '../../../lib/currency-icon';

/**
 * Below the converter: the most exchanged pairs with their rate now, each a link to its page, and
 * what the exchanger holds of each currency it pays out. Drawn on the server with the page; its
 * icons load lazily, so React does not preload them all ahead of the first paint (issue 43).
 */
export function MarketOverview({ lang }: { lang: Lang }) {
  const overview = useOverview(lang);
  if (!overview.data) return null;
  return <OverviewSections lang={lang} overview={overview.data} />;
}

const OverviewSections = memo(function OverviewSections({ lang, overview }: { lang: Lang; overview: Overview }) {
  const { t } = useTranslation();
  const popularId = useId();
  const reservesId = useId();
  return (
    <div className={styles.overview}>
      {overview.popular.length > 0 && (
        <section aria-labelledby={popularId} data-testid="popular-pairs">
          <h2 id={popularId} className={styles.sectionTitle}>
            {t('home.popular.title')}
          </h2>
          <ul className={styles.pairs}>
            {overview.popular.map(({ give, get, rateText }) => (
              <li key={`${give.codeName}>${get.codeName}`}>
                <Link
                  className={styles.pair}
                  to={pagePath(lang, 'home_with_currencies', {
                    pair: pairKey({ give: give.codeName, get: get.codeName }),
                  })}
                >
                  <span className={styles.pairNames}>
                    <img src={currencyIconSrc(give.iconPath)} alt="" width={24} height={24} loading="lazy" />
                    <img
                      src={currencyIconSrc(get.iconPath)}
                      alt=""
                      width={24}
                      height={24}
                      loading="lazy"
                      className={styles.pairSecond}
                    />
                    <span>{t('home.popular.pair', { give: give.name, get: get.name })}</span>
                  </span>
                  <span className={styles.pairRate}>{rateText}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby={reservesId} data-testid="reserves">
        <h2 id={reservesId} className={styles.sectionTitle}>
          {t('home.reserves.title')}
        </h2>
        <table className={styles.reserves}>
          <thead>
            <tr>
              <th scope="col">{t('home.reserves.currency')}</th>
              <th scope="col">{t('home.reserves.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {overview.reserves.map((row) => (
              <tr key={row.codeName}>
                <th scope="row">
                  <img src={currencyIconSrc(row.iconPath)} alt="" width={20} height={20} loading="lazy" />
                  {row.name}
                </th>
                <td>
                  {readable(row.reserveAmount, lang)} {row.valute}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
});
