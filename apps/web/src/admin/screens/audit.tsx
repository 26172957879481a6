import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { AdminAuditEntry } from '@obmen/shared/admin';
import { Pagination } from '../../components/ui/pagination';
import { useAdminQuery, type Paged } from '../api/resources';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import { ConsoleSearch } from '../components/console-search';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { useDebounced } from '../hooks/use-debounced';
import { screenLoader } from '../staff';
import { TableScroll } from '../components/table-scroll';

const RESOURCES = [
  'tickets',
  'currencies',
  'directions',
  'prices',
  'reserves',
  'discount-bands',
  'site-state',
  'users',
  'promo-codes',
  'payouts',
  'news',
  'pages',
  'seo',
] as const;

/** The keys whose values differ between before and after: what the change was. */
function changedKeys(before: unknown, after: unknown): string[] {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(before) || !isObject(after)) return [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => k !== 'updatedAt' && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 2));

export const loader = screenLoader('admin');
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** Every change made in the console: who, when, what, and the record before and after. */
export function Component() {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const [resource, setResource] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(q.trim(), 300);
  const list = useAdminQuery<Paged<AdminAuditEntry>>('audit', '/audit', {
    resource: resource || undefined,
    q: query || undefined,
    page,
    perPage: 50,
  });
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('admin.audit.title')}</h1>
      </div>
      <div className={styles.toolbar}>
        <ConsoleSearch
          id="audit-search"
          label={t('admin.audit.search')}
          value={q}
          onChange={(value) => {
            setQ(value);
            setPage(1);
          }}
        />
        <label htmlFor="audit-resource" className="visually-hidden">
          {t('admin.audit.resource')}
        </label>
        <select
          id="audit-resource"
          className={`${styles.compactInput} ${styles.autoWidth}`}
          value={resource}
          onChange={(event) => {
            setResource(event.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('admin.audit.allResources')}</option>
          {RESOURCES.map((r) => (
            <option key={r} value={r}>
              {t(`admin.audit.resources.${r}`)}
            </option>
          ))}
        </select>
      </div>
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <TableScroll>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.audit.when')}</th>
                  <th scope="col">{t('admin.audit.who')}</th>
                  <th scope="col">{t('admin.audit.what')}</th>
                  <th scope="col">{t('admin.audit.changed')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((entry) => {
                  const changed = changedKeys(entry.before, entry.after);
                  const expanded = open === entry.id;
                  return (
                    <AuditRow
                      key={entry.id}
                      entry={entry}
                      changed={changed}
                      expanded={expanded}
                      onToggle={() => setOpen(expanded ? null : entry.id)}
                      lang={lang}
                    />
                  );
                })}
              </tbody>
            </table>
            {list.data.items.length === 0 && <p className={styles.empty}>{t('admin.common.nothingFound')}</p>}
          </TableScroll>
          <Pagination
            page={list.data.page}
            perPage={list.data.perPage}
            total={list.data.total}
            onPageChange={setPage}
          />
        </>
      )}
    </div>
  );
}

function AuditRow({
  entry,
  changed,
  expanded,
  onToggle,
  lang,
}: {
  entry: AdminAuditEntry;
  changed: string[];
  expanded: boolean;
  onToggle: () => void;
  lang: 'ru' | 'en';
}) {
  const { t } = useTranslation();
  const resourceName = (RESOURCES as readonly string[]).includes(entry.resource)
    ? t(`admin.audit.resources.${entry.resource}`)
    : entry.resource;
  return (
    <>
      <tr>
        <td className={styles.nowrap}>{formatDateTime(entry.createdAt, lang)}</td>
        <td>{entry.actorName}</td>
        <td>
          <button type="button" className={styles.linkButton} aria-expanded={expanded} onClick={onToggle}>
            {resourceName}: {entry.action}
          </button>
          <div className={`${styles.small} ${styles.mono}`}>{entry.resourceId}</div>
        </td>
        <td className={styles.small}>{changed.length > 0 ? changed.join(', ') : '—'}</td>
      </tr>
      {expanded && (
        <tr>
          <td colSpan={4}>
            <div className={styles.pair}>
              <div>
                <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>{t('admin.audit.before')}</p>
                <pre className={styles.pre}>{show(entry.before)}</pre>
              </div>
              <div>
                <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>{t('admin.audit.after')}</p>
                <pre className={styles.pre}>{show(entry.after)}</pre>
              </div>
            </div>
          </td>
        </tr>
      )}
    </>
  );
}
