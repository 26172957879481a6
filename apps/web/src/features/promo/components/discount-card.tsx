import { useTranslation } from '../../../lib/i18n';
import { compareAmounts } from '@obmen/shared/amount-text';
import type { Discount } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { Spinner } from '../../../components/ui/spinner';
import { formatAmount, formatPercent } from '../../../lib/format-amount';
import { useDiscount } from '../api/get-discount';
import styles from './promo.module.css';

/** The bands in order, each with its upper bound (the next band's start) and whether it is the user's. */
function bandRows(discount: Discount) {
  const bands = [...discount.bands].sort((a, b) => compareAmounts(a.minTurnoverUsd, b.minTurnoverUsd));
  const reached = bands.filter((band) => compareAmounts(band.minTurnoverUsd, discount.turnoverUsd) <= 0);
  const current = reached.at(-1);
  return bands.map((band, i) => ({ ...band, max: bands[i + 1]?.minTurnoverUsd ?? null, current: band === current }));
}

/** The user's discount (design §4): their band, their successful turnover, what is next, and the table. */
export function DiscountCard({ owner, lang }: { owner: string; lang: Lang }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useDiscount(owner);
  const base = data ? bandRows(data)[0] : undefined;

  return (
    <section className={styles.card} aria-labelledby="discount-title" aria-busy={isPending} data-testid="discount">
      <h2 id="discount-title" className={styles.cardTitle}>
        {t('discount.title')}
      </h2>
      {isPending && <Spinner label={t('common.loading')} />}
      {isError && (
        <p className={styles.muted}>
          {t('discount.loadFailed')}{' '}
          <button type="button" className={styles.linkButton} onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {data && (
        <div className={styles.discount}>
          <p className={styles.muted}>
            {t('discount.intro', { base: formatPercent(base?.percent ?? data.percent, lang) })}
          </p>
          <dl className={styles.discountFigures}>
            <div>
              <dt>{t('discount.current')}</dt>
              <dd className={styles.discountPercent} data-testid="discount-percent">
                {formatPercent(data.percent, lang)}
              </dd>
            </div>
            <div>
              <dt>{t('discount.turnover')}</dt>
              <dd data-testid="discount-turnover">{formatAmount(data.turnoverUsd, lang, { scale: 2, unit: 'USD' })}</dd>
            </div>
          </dl>
          <p className={styles.next}>
            {data.next
              ? t('discount.next', {
                  percent: formatPercent(data.next.percent, lang),
                  amount: formatAmount(data.next.remainingUsd, lang, { scale: 2, unit: 'USD' }),
                })
              : t('discount.top')}
          </p>
          <table className={styles.bands}>
            <caption className={styles.caption}>{t('discount.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('discount.band')}</th>
                <th scope="col" className={styles.numeric}>
                  {t('discount.percent')}
                </th>
              </tr>
            </thead>
            <tbody>
              {bandRows(data).map((band) => (
                <tr
                  key={band.minTurnoverUsd}
                  className={band.current ? styles.currentBand : undefined}
                  aria-current={band.current ? 'true' : undefined}
                >
                  <th scope="row">
                    {band.max
                      ? t('discount.range', {
                          min: formatAmount(band.minTurnoverUsd, lang),
                          max: formatAmount(band.max, lang),
                        })
                      : t('discount.from', { min: formatAmount(band.minTurnoverUsd, lang) })}
                    {band.current && <span className={styles.yours}>{t('discount.yours')}</span>}
                  </th>
                  <td className={styles.numeric}>{formatPercent(band.percent, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
