import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import type { AdminOutboxMail } from '@obmen/shared/admin';
import { Pagination } from '../../components/ui/pagination';
import { useAdminQuery, type Paged } from '../api/resources';
import { Badge } from '../components/badges';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import { ConsoleSearch } from '../components/console-search';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { useDebounced } from '../hooks/use-debounced';
import { screenLoader } from '../staff';
import { TableScroll } from '../components/table-scroll';

export const loader = screenLoader('operator');
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** Every mail the product sent or queued (design §2), newest first, found by address or subject. */
export function Component() {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(q.trim(), 300);
  const list = useAdminQuery<Paged<AdminOutboxMail>>('outbox', '/outbox', { q: query || undefined, page, perPage: 50 });
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('admin.outbox.title')}</h1>
      </div>
      <div className={styles.toolbar}>
        <ConsoleSearch
          id="outbox-search"
          label={t('admin.outbox.search')}
          value={q}
          onChange={(value) => {
            setQ(value);
            setPage(1);
          }}
        />
      </div>
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <TableScroll>
            <table className={styles.table} data-testid="outbox">
              <thead>
                <tr>
                  <th scope="col">{t('admin.outbox.when')}</th>
                  <th scope="col">{t('admin.outbox.to')}</th>
                  <th scope="col">{t('admin.outbox.subject')}</th>
                  <th scope="col">{t('admin.outbox.status')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((mail) => (
                  <MailRow
                    key={mail.id}
                    mail={mail}
                    open={open === mail.id}
                    onToggle={() => setOpen(open === mail.id ? null : mail.id)}
                    lang={lang}
                  />
                ))}
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

function MailRow({
  mail,
  open,
  onToggle,
  lang,
}: {
  mail: AdminOutboxMail;
  open: boolean;
  onToggle: () => void;
  lang: 'ru' | 'en';
}) {
  const { t } = useTranslation();
  const tone =
    mail.status === 'failed'
      ? 'danger'
      : mail.status === 'pending'
        ? 'warning'
        : mail.status === 'sent'
          ? 'success'
          : 'neutral';
  return (
    <>
      <tr>
        <td className={styles.nowrap}>{formatDateTime(mail.createdAt, lang)}</td>
        <td className={styles.mono}>{mail.toAddress}</td>
        <td>
          <button type="button" className={styles.linkButton} aria-expanded={open} onClick={onToggle}>
            {mail.subject}
          </button>
          <div className={`${styles.small} ${styles.muted}`}>
            {mail.kind} · {mail.lang.toUpperCase()}
          </div>
        </td>
        <td>
          <Badge tone={tone}>{t(`admin.outbox.statuses.${mail.status}`)}</Badge>
          {mail.lastError && <div className={`${styles.small} ${styles.inlineError}`}>{mail.lastError}</div>}
        </td>
      </tr>
      {open && (
        <tr>
          <td colSpan={4}>
            <pre className={styles.pre}>{mail.text}</pre>
          </td>
        </tr>
      )}
    </>
  );
}
