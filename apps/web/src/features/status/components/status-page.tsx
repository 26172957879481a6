import type { DirectionClosure, SiteStatus } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import table from '../../../components/ui/data-table.module.css';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import styles from './status-page.module.css';

const LOCALES: Record<Lang, string> = { ru: 'ru-RU', en: 'en-GB' };

/** "3 min", "1 h 20 min": how long, to the minute, as the language writes units. */
export function formatWait(seconds: number, lang: Lang): string {
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(LOCALES[lang], { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const minutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return unit(minutes, 'minute');
  return minutes % 60 === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}`;
}

/** The status page (issue 48): each watched network, each direction and why it is closed, and how fast tickets are paid out. */
export function StatusPage({ status, lang }: { status: SiteStatus; lang: Lang }) {
  const { t } = useTranslation();
  const reason = (closure: DirectionClosure) => t(`status.closedBecause.${closure}`);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('status.title')}</h1>
        <p className={styles.intro}>{t('status.intro')}</p>
        <p className={styles.intro}>
          {t('status.checkedAt', { time: formatDateTime(status.checkedAt, lang, 'short') })}{' '}
          <a href="/status.json">{t('status.json')}</a>
        </p>
      </header>
      {status.maintenance && (
        <p className={styles.banner} role="status">
          {t('status.maintenance')}
        </p>
      )}

      <section className={styles.card} aria-labelledby="status-networks">
        <h2 id="status-networks">{t('status.networks.title')}</h2>
        {status.networks.length === 0 ? (
          <p className={styles.intro}>{t('status.networks.none')}</p>
        ) : (
          <table className={table.table} data-testid="status-networks">
            <thead>
              <tr>
                <th scope="col">{t('status.networks.network')}</th>
                <th scope="col">{t('status.networks.source')}</th>
                <th scope="col" className={table.numeric}>
                  {t('status.networks.lastBlock')}
                </th>
                <th scope="col" className={table.numeric}>
                  {t('status.networks.lag')}
                </th>
              </tr>
            </thead>
            <tbody>
              {status.networks.map((n) => (
                <tr key={n.currency} data-currency={n.currency}>
                  <td data-label={t('status.networks.network')}>
                    <strong>{n.currency}</strong> <span className={table.muted}>{t(`status.chains.${n.chain}`)}</span>
                  </td>
                  <td data-label={t('status.networks.source')}>
                    <span className={`${styles.state} ${n.up ? styles.up : styles.down}`} data-testid="network-state">
                      {n.up ? t('status.up') : t('status.down')}
                    </span>
                  </td>
                  <td data-label={t('status.networks.lastBlock')} className={table.numeric}>
                    {n.lastBlock ?? '—'}
                  </td>
                  <td data-label={t('status.networks.lag')} className={table.numeric}>
                    {n.lagSeconds === null ? '—' : formatWait(n.lagSeconds, lang)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className={styles.card} aria-labelledby="status-directions">
        <h2 id="status-directions">{t('status.directions.title')}</h2>
        <p className={styles.intro}>{t('status.directions.intro')}</p>
        <table className={table.table} data-testid="status-directions">
          <thead>
            <tr>
              <th scope="col">{t('status.directions.pair')}</th>
              <th scope="col">{t('status.directions.state')}</th>
              <th scope="col" className={table.numeric}>
                {t('status.directions.median')}
              </th>
            </tr>
          </thead>
          <tbody>
            {status.directions.map((d) => (
              <tr key={`${d.give}>${d.get}`} data-pair={`${d.give}>${d.get}`}>
                <td data-label={t('status.directions.pair')}>
                  {d.give} → {d.get}
                </td>
                <td data-label={t('status.directions.state')}>
                  <span className={`${styles.state} ${d.open ? styles.up : styles.down}`}>
                    {d.open ? t('status.open') : t('status.closed')}
                  </span>
                  {!d.open && <div className={table.muted}>{d.closedBecause.map(reason).join(', ')}</div>}
                </td>
                <td data-label={t('status.directions.median')} className={table.numeric}>
                  {d.medianPayoutSeconds === null ? (
                    <span className={table.muted}>{t('status.directions.notEnough')}</span>
                  ) : (
                    <span title={t('status.directions.measured', { count: d.ticketsMeasured })}>
                      {formatWait(d.medianPayoutSeconds, lang)}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
