import type { AdminPriceSource } from '@obmen/shared/admin';
import { useTranslation } from '../../lib/i18n';
import { Badge, type Tone } from '../components/badges';
import type { Lang } from '@obmen/shared/i18n';
import { Decimal, toAmount } from '@obmen/shared/money';
import { formatAge, formatDateTime, formatPercent, formatUsd } from '../components/format';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { TableScroll } from '../components/table-scroll';

/** Each source's last price of each asset (issue 45): its age, and whether the last refresh counted it, or why not. */
export function PriceSourcesTable({ sources }: { sources: AdminPriceSource[] }) {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const verdict = (row: AdminPriceSource) =>
    t(`admin.prices.verdicts.${row.verdict}`, {
      deviation: row.deviationPercent === null ? '' : signed(row.deviationPercent, lang),
    });
  return (
    <section aria-labelledby="price-sources-title">
      <h2 id="price-sources-title" className={styles.subtitle}>
        {t('admin.prices.sourcesTitle')}
      </h2>
      <p className={`${styles.small} ${styles.muted}`}>{t('admin.prices.sourcesHint')}</p>
      <TableScroll>
        <table className={styles.table} data-testid="price-sources">
          <thead>
            <tr>
              <th scope="col">{t('admin.prices.asset')}</th>
              <th scope="col">{t('admin.prices.sourceName')}</th>
              <th scope="col" className={styles.num}>
                {t('admin.prices.usdPrice')}
              </th>
              <th scope="col">{t('admin.prices.age')}</th>
              <th scope="col">{t('admin.prices.counted')}</th>
            </tr>
          </thead>
          <tbody>
            {sources.map((row, index) => (
              <tr key={`${row.valute} ${row.source}`}>
                {sources[index - 1]?.valute !== row.valute && (
                  <td rowSpan={sources.filter((r) => r.valute === row.valute).length}>
                    <strong>{row.valute}</strong>
                  </td>
                )}
                <td>{t(`admin.prices.names.${row.source}`)}</td>
                <td className={styles.num}>
                  {row.usdPrice === null ? t('admin.prices.noPrice') : formatUsd(row.usdPrice, lang)}
                </td>
                <td>
                  {row.ageSeconds === null || row.priceAt === null ? (
                    t('admin.prices.noPrice')
                  ) : (
                    <span title={formatDateTime(row.priceAt, lang)}>{formatAge(row.ageSeconds, lang)}</span>
                  )}
                </td>
                <td>
                  <Badge tone={VERDICT_TONES[row.verdict]}>{verdict(row)}</Badge>
                  {row.lastError && (
                    <div className={`${styles.small} ${styles.inlineError}`}>
                      {t('admin.prices.lastError', { error: row.lastError })}
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

const VERDICT_TONES: Record<AdminPriceSource['verdict'], Tone> = {
  counted: 'success',
  outlier: 'danger',
  stale: 'warning',
  missing: 'neutral',
  too_few: 'warning',
};

/** "+39.99%" / "−2,11 %": a deviation with its sign, to two decimals, as the console's language writes it. */
const signed = (percent: string, lang: Lang) => {
  const value = new Decimal(percent);
  const sign = value.isPositive() && !value.isZero() ? '+' : value.isNegative() && !value.isZero() ? '−' : '';
  return `${sign}${formatPercent(toAmount(value.abs(), 2, 'half-up'), lang)}`;
};
