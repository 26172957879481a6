import { useId, useState } from 'react';
import type { Lang } from '@obmen/shared/i18n';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import table from '../../../components/ui/data-table.module.css';
import { formatAmount } from '../../../lib/format-amount';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { downloadPartnerReport } from '../api/download-report';
import { usePartnerReport } from '../api/get-report';
import styles from './partners.module.css';

const DAY_MS = 86_400_000;

/** A `YYYY-MM-DD` of the partner's own calendar. */
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The days picked, from the first one's local midnight to the midnight after the last: [from, to). */
function rangeOf(fromDay: string, toDay: string): { from: string; to: string } {
  const from = new Date(`${fromDay}T00:00`);
  const to = new Date(new Date(`${toDay}T00:00`).getTime() + DAY_MS);
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The tickets credited to the partner over a range of days, page after page, and the same as CSV. */
export function ReportsSection({ owner, lang }: { owner: string; lang: Lang }) {
  const { t } = useTranslation();
  const id = useId();
  const [fromDay, setFromDay] = useState(() => dayOf(new Date(Date.now() - 30 * DAY_MS)));
  const [toDay, setToDay] = useState(() => dayOf(new Date()));
  const [range, setRange] = useState(() => rangeOf(fromDay, toDay));
  const [downloading, setDownloading] = useState(false);
  const report = usePartnerReport(owner, range);
  const rows = report.data?.pages.flatMap((page) => page.items) ?? [];
  const columns = {
    number: t('partnerPage.number'),
    date: t('partnerPage.date'),
    status: t('partnerPage.status'),
    give: t('partnerPage.give'),
    get: t('partnerPage.get'),
    channel: t('partnerPage.channel'),
    commission: t('partnerPage.commission'),
  };

  async function download() {
    setDownloading(true);
    try {
      await downloadPartnerReport(range);
    } catch {
      notify({ status: 'error', message: t('partnerPage.downloadFailed') });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="partner-reports-title">
      <h2 id="partner-reports-title" className={styles.cardTitle}>
        {t('partnerPage.reportsTitle')}
      </h2>
      <p className={styles.muted}>{t('partnerPage.reportsHint')}</p>
      <form
        className={styles.range}
        onSubmit={(event) => {
          event.preventDefault();
          if (fromDay && toDay && fromDay <= toDay) setRange(rangeOf(fromDay, toDay));
        }}
      >
        <TextField
          id={`${id}-from`}
          type="date"
          label={t('partnerPage.from')}
          value={fromDay}
          max={toDay}
          onChange={(e) => setFromDay(e.target.value)}
        />
        <TextField
          id={`${id}-to`}
          type="date"
          label={t('partnerPage.to')}
          value={toDay}
          min={fromDay}
          onChange={(e) => setToDay(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('partnerPage.show')}
        </Button>
        <Button loading={downloading} onClick={() => void download()}>
          {t('partnerPage.downloadCsv')}
        </Button>
      </form>
      {report.isPending && <Spinner label={t('common.loading')} />}
      {report.isError && !report.data && <p className={styles.muted}>{t('partnerPage.loadFailed')}</p>}
      {report.data && rows.length === 0 && <p className={styles.muted}>{t('partnerPage.reportEmpty')}</p>}
      {rows.length > 0 && (
        <table className={table.table} data-testid="partner-report">
          <thead>
            <tr>
              {Object.values(columns).map((title) => (
                <th key={title} scope="col">
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td data-label={columns.number}>{row.number}</td>
                <td data-label={columns.date}>
                  <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, lang)}</time>
                </td>
                <td data-label={columns.status}>{t(`ticketStatus.${row.status}`)}</td>
                <td data-label={columns.give} className={table.numeric}>
                  {formatAmount(row.giveSum, lang, { unit: row.giveCurrency })}
                </td>
                <td data-label={columns.get} className={table.numeric}>
                  {formatAmount(row.getSum, lang, { unit: row.getCurrency })}
                </td>
                <td data-label={columns.channel}>{t(`partnerPage.channels.${row.channel}`)}</td>
                <td data-label={columns.commission} className={table.numeric}>
                  {row.commissionUsd === null ? '—' : formatAmount(row.commissionUsd, lang, { unit: 'USD' })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {report.hasNextPage && (
        <Button variant="secondary" loading={report.isFetchingNextPage} onClick={() => void report.fetchNextPage()}>
          {t('partnerPage.more')}
        </Button>
      )}
    </section>
  );
}
