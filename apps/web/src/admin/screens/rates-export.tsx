import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Badge } from '../components/badges';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';
import { screenLoader } from '../staff';
import { FilterTabs } from '../components/filter-tabs';
import { TableScroll } from '../components/table-scroll';

const FILES = {
  legacy: '/export/rates.xml',
  eref11: '/export/rates.xml?v=1.1',
} as const;
type FileKind = keyof typeof FILES;

interface PreviewRow {
  from: string;
  to: string;
  in: string;
  out: string;
  amount: string;
  min: string;
  max: string;
  getMin: string;
  getMax: string;
  /** Minutes of the floating label; empty where the file has none (a window over 30 minutes). */
  minutes: string;
  manual: boolean;
  cardverify: boolean;
}

const text = (item: Element, tag: string) => item.getElementsByTagName(tag)[0]?.textContent ?? '';

/** The EREF 1.1 file read back the way a monitor reads it: what it will believe about each direction. */
function readRows(xml: string): PreviewRow[] {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  return [...doc.getElementsByTagName('item')].map((item) => ({
    from: text(item, 'from'),
    to: text(item, 'to'),
    in: text(item, 'in'),
    out: text(item, 'out'),
    amount: text(item, 'amount'),
    min: text(item, 'frommin'),
    max: text(item, 'frommax'),
    getMin: text(item, 'tomin'),
    getMax: text(item, 'tomax'),
    minutes: item.getElementsByTagName('floating')[0]?.getAttribute('minutes') ?? '',
    manual: text(item, 'manual') === 'true',
    cardverify: text(item, 'cardverify') === 'true',
  }));
}

// Both files as a monitor fetches them (public, no token), the newer one read into rows.
const exportFiles = queryOptions({
  queryKey: ['admin', 'rates-export'],
  queryFn: async ({ signal }) => {
    const read = async (path: string) => {
      const res = await fetch(path, { signal, cache: 'no-store' });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return res.text();
    };
    const [legacy, eref11] = await Promise.all([read(FILES.legacy), read(FILES.eref11)]);
    return { legacy, eref11, rows: readRows(eref11) };
  },
});

export const loader = screenLoader('operator', exportFiles);
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/**
 * The rates export as monitors get it now (issue 35): both files, the newer one read back into a
 * table, so an operator sees what BestChange and the others will say about each direction.
 */
export function Component() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<FileKind>('eref11');
  const files = useQuery(exportFiles);
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('admin.ratesExport.title')}</h1>
      </div>
      <p className={`${styles.muted} ${styles.flush}`}>{t('admin.ratesExport.intro')}</p>
      {!files.data ? (
        <QueryState error={files.error} onRetry={() => void files.refetch()} />
      ) : (
        <>
          <p className={styles.flush} data-testid="export-count">
            {t('admin.ratesExport.count', { count: files.data.rows.length })}
          </p>
          {files.data.rows.length > 0 && (
            <TableScroll>
              <table className={styles.table}>
                <caption className="visually-hidden">{t('admin.ratesExport.title')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.ratesExport.pair')}</th>
                    <th scope="col" className={styles.num}>
                      {t('admin.ratesExport.rate')}
                    </th>
                    <th scope="col" className={styles.num}>
                      {t('admin.ratesExport.reserve')}
                    </th>
                    <th scope="col" className={styles.num}>
                      {t('admin.ratesExport.range')}
                    </th>
                    <th scope="col" className={styles.num}>
                      {t('admin.ratesExport.getRange')}
                    </th>
                    <th scope="col" className={styles.num}>
                      {t('admin.ratesExport.held')}
                    </th>
                    <th scope="col">{t('admin.ratesExport.labels')}</th>
                  </tr>
                </thead>
                <tbody>
                  {files.data.rows.map((row) => (
                    <tr key={`${row.from}>${row.to}`}>
                      <td className={styles.nowrap}>
                        {row.from} → {row.to}
                      </td>
                      <td className={styles.num}>
                        {row.in} → {row.out}
                      </td>
                      <td className={styles.num}>{row.amount}</td>
                      <td className={styles.num}>
                        {row.min} – {row.max}
                      </td>
                      <td className={styles.num}>
                        {row.getMin} – {row.getMax}
                      </td>
                      <td className={styles.num}>
                        {row.minutes
                          ? t('admin.ratesExport.minutes', { count: row.minutes })
                          : t('admin.ratesExport.notFloating')}
                      </td>
                      <td>
                        {row.manual ? (
                          <Badge tone="neutral">{t('admin.ratesExport.manual')}</Badge>
                        ) : (
                          <Badge tone="success">{t('admin.ratesExport.automatic')}</Badge>
                        )}{' '}
                        {row.cardverify && <Badge tone="warning">{t('admin.ratesExport.cardverify')}</Badge>}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          <FilterTabs
            label={t('admin.ratesExport.files')}
            tabs={Object.keys(FILES) as FileKind[]}
            current={kind}
            onPick={setKind}
            labelOf={(file) => t(`admin.ratesExport.${file}`)}
          />
          <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>
            <a href={FILES[kind]} target="_blank" rel="noreferrer">
              {FILES[kind]}
            </a>
          </p>
          <pre className={styles.pre} data-testid="export-file">
            {files.data[kind]}
          </pre>
        </>
      )}
    </div>
  );
}
