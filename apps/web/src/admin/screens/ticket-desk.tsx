import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { ADMIN_TICKET_FILTERS, type AdminTicketFilter, type AdminTicketSummary } from '@obmen/shared/admin';
import { isLang } from '@obmen/shared/i18n';
import { OPEN_TICKET_STATUSES } from '@obmen/shared/ticket-statuses';
import { Pagination } from '../../components/ui/pagination';
import { queryClient } from '../../lib/query-client';
import { ticketOptions, ticketQueueOptions, useTicketQueue, type QueueFilter } from '../api/tickets';
import { TicketStatusBadge } from '../components/badges';
import { ClaimBadge, WaitBadge } from '../components/claim-badge';
import { formatAge, formatDateTime, secondsSince } from '../components/format';
import { TicketSums } from '../components/ticket-sums';
import { QueryState } from '../components/query-state';
import { ConsoleSearch } from '../components/console-search';
import styles from '../components/desk.module.css';
import { requireStaff } from '../staff';
import { TicketPanel } from './ticket-panel';
import { FilterTabs } from '../components/filter-tabs';
import { TableScroll } from '../components/table-scroll';

const TABS: readonly AdminTicketFilter[] = [
  'open',
  'unread',
  'new',
  'on_review',
  'card_check',
  'frozen',
  'advance',
  'payment_problem',
  'refund_requested',
  'excess_refund',
  'success',
  'error',
  'deleted',
  'refunded',
  'all',
];

function isFilter(value: string | null): value is AdminTicketFilter {
  return (ADMIN_TICKET_FILTERS as readonly string[]).includes(value ?? '');
}

/** The queue the address asks for: `?status=&q=&page=&sort=`, the open tickets' first page by default. */
function queueFilterOf(params: URLSearchParams): QueueFilter {
  const status = params.get('status');
  return {
    status: isFilter(status) ? status : 'open',
    q: params.get('q') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
    sort: params.get('sort') === 'breach' ? 'breach' : 'queue',
  };
}

/** The queue comes first; the open ticket is asked for beside it, and its panel tells its own failure. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  if (params.id) void queryClient.prefetchQuery(ticketOptions(params.id));
  await queryClient.ensureQueryData(ticketQueueOptions(queueFilterOf(new URL(request.url).searchParams)));
  return null;
}

export { ScreenError as ErrorBoundary } from '../components/screen-error';

/**
 * The ticket desk: the live queue (paid tickets first, oldest first; it asks again every few
 * seconds) beside the open ticket. Keys: "/" search, j/k next and previous ticket, Escape closes it.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  const { id } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { status, q, page, sort } = queueFilterOf(params);
  const [typed, setTyped] = useState(q);
  const queue = useTicketQueue({ status, q, page, sort });
  const items = useMemo(() => queue.data?.items ?? [], [queue.data]);
  const search = params.toString() ? `?${params.toString()}` : '';
  const tableRef = useRef<HTMLTableElement>(null);

  const setFilter = (next: { status?: AdminTicketFilter; q?: string; page?: number }) => {
    const merged = new URLSearchParams(params);
    if (next.status !== undefined) merged.set('status', next.status);
    if (next.q !== undefined) {
      if (next.q) merged.set('q', next.q);
      else merged.delete('q');
    }
    if (next.page !== undefined && next.page > 1) merged.set('page', String(next.page));
    else merged.delete('page');
    setParams(merged, { replace: true });
  };

  // Typing filters after a short pause, so every keystroke does not ask the server.
  useEffect(() => {
    if (typed === q) return;
    const timer = setTimeout(() => {
      const merged = new URLSearchParams(params);
      if (typed.trim()) merged.set('q', typed.trim());
      else merged.delete('q');
      merged.delete('page');
      setParams(merged, { replace: true });
    }, 350);
    return () => clearTimeout(timer);
  }, [typed, q, params, setParams]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="dialog"]') || event.ctrlKey || event.metaKey || event.altKey)
        return;
      if (event.key === 'j' || event.key === 'k') {
        if (items.length === 0) return;
        const at = items.findIndex((item) => item.id === id);
        const next = event.key === 'j' ? Math.min(items.length - 1, at + 1) : Math.max(0, at === -1 ? 0 : at - 1);
        const ticket = items[next];
        if (!ticket) return;
        event.preventDefault();
        void navigate(`/admin/tickets/${ticket.id}${search}`);
        tableRef.current?.querySelector<HTMLAnchorElement>(`[data-ticket="${ticket.id}"]`)?.focus();
      }
      if (event.key === 'Escape' && id) void navigate(`/admin/tickets${search}`);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [items, id, navigate, search]);

  const counts = queue.data?.counts;
  const countOf = (filter: AdminTicketFilter) => {
    if (!counts) return null;
    if (filter === 'open') return OPEN_TICKET_STATUSES.reduce((sum, s) => sum + counts[s], 0);
    if (filter === 'all') return Object.values(counts).reduce((a, b) => a + b, 0);
    if (filter === 'excess_refund') return queue.data?.excessRefundsOwed ?? null;
    if (filter === 'unread') return queue.data?.unreadThreads ?? null;
    return counts[filter];
  };

  return (
    <div className={styles.page}>
      <div className={`${styles.header} ${id ? styles.hideWhenNarrow : ''}`}>
        <h1 className={styles.title}>{t('admin.queue.title')}</h1>
        <p className={`${styles.muted} ${styles.small}`} aria-live="off">
          {queue.dataUpdatedAt
            ? t('admin.queue.updated', { time: new Date(queue.dataUpdatedAt).toLocaleTimeString(lang) })
            : ''}
        </p>
      </div>
      <div className={`${styles.split} ${id ? styles.splitOpen : ''}`}>
        <section className={`${styles.page} ${id ? styles.hideWhenNarrow : ''}`} aria-label={t('admin.queue.title')}>
          <div className={styles.toolbar}>
            <ConsoleSearch
              id="ticket-search"
              label={t('admin.queue.search')}
              placeholder={t('admin.queue.searchPlaceholder')}
              value={typed}
              onChange={setTyped}
              literal
            />
            <button
              type="button"
              className={styles.smallButton}
              aria-pressed={sort === 'breach'}
              data-testid="sort-breach"
              onClick={() => {
                const merged = new URLSearchParams(params);
                if (sort === 'breach') merged.delete('sort');
                else merged.set('sort', 'breach');
                merged.delete('page');
                setParams(merged, { replace: true });
              }}
            >
              {t('admin.desk.sort.breach')}
            </button>
          </div>
          <FilterTabs
            label={t('admin.queue.filters')}
            tabs={TABS}
            current={status}
            onPick={(tab) => setFilter({ status: tab, page: 1 })}
            labelOf={(tab) =>
              tab === 'open' || tab === 'all' || tab === 'excess_refund' || tab === 'unread'
                ? t(`admin.queue.tabs.${tab}`)
                : t(`ticketStatus.${tab}`)
            }
            countOf={countOf}
          />
          {queue.isPending || (queue.isError && !queue.data) ? (
            <QueryState error={queue.error} onRetry={() => void queue.refetch()} />
          ) : (
            <>
              <TableScroll>
                <table className={`${styles.table} ${styles.stack}`} ref={tableRef} data-testid="ticket-queue">
                  <caption className="visually-hidden">{t('admin.queue.caption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('admin.ticket.number')}</th>
                      <th scope="col">{t('admin.ticket.created')}</th>
                      <th scope="col">{t('admin.ticket.exchange')}</th>
                      {!id && <th scope="col">{t('admin.ticket.client')}</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {items.map((ticket) => (
                      <QueueRow
                        key={ticket.id}
                        ticket={ticket}
                        selected={ticket.id === id}
                        search={search}
                        withClient={!id}
                      />
                    ))}
                  </tbody>
                </table>
                {items.length === 0 && <p className={styles.empty}>{t('admin.queue.empty')}</p>}
              </TableScroll>
              {queue.data && (
                <Pagination
                  page={queue.data.page}
                  perPage={queue.data.perPage}
                  total={queue.data.total}
                  onPageChange={(next) => setFilter({ page: next })}
                  label={t('admin.queue.pages')}
                />
              )}
              <p className={`${styles.muted} ${styles.small}`}>{t('admin.queue.keys')}</p>
            </>
          )}
        </section>
        {id && (
          <div className={styles.detailSticky}>
            <TicketPanel id={id} closeTo={`/admin/tickets${search}`} />
          </div>
        )}
      </div>
    </div>
  );
}

/** One ticket of the queue; with a ticket open beside the list, its client column gives way to it. */
function QueueRow({
  ticket,
  selected,
  search,
  withClient,
}: {
  ticket: AdminTicketSummary;
  selected: boolean;
  search: string;
  withClient: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  return (
    <tr className={selected ? styles.selected : undefined}>
      <td className={styles.nowrap}>
        <Link
          to={`/admin/tickets/${ticket.id}${search}`}
          className={styles.rowLink}
          data-ticket={ticket.id}
          aria-current={selected ? 'true' : undefined}
        >
          {t('admin.common.ticketNumber', { number: ticket.number })}
        </Link>
        <div>
          <TicketStatusBadge status={ticket.status} />
        </div>
        {(ticket.wait || ticket.claim) && (
          <div className={styles.small}>
            <WaitBadge wait={ticket.wait} /> <ClaimBadge claim={ticket.claim} />
          </div>
        )}
        {ticket.cardCheck === 'pending' && (
          <div className={`${styles.small} ${styles.muted}`}>{t('admin.queue.photoWaiting')}</div>
        )}
        {ticket.excessRefundOwed && (
          <div className={`${styles.small} ${styles.muted}`}>
            {t('admin.queue.excessOwed', { amount: ticket.excessRefundOwed, valute: ticket.give.valute })}
          </div>
        )}
        {ticket.unreadMessages > 0 && (
          <div className={styles.small} data-testid="unread-messages">
            {t('admin.queue.unreadMessages', { count: ticket.unreadMessages })}
          </div>
        )}
      </td>
      <td className={styles.nowrap}>
        <div>{formatDateTime(ticket.createdAt, lang)}</div>
        <div className={`${styles.small} ${styles.muted}`}>
          {t('admin.queue.ago', { age: formatAge(secondsSince(ticket.createdAt), lang) })}
        </div>
      </td>
      <td>
        <TicketSums
          give={ticket.give}
          get={ticket.get}
          lang={lang}
          {...(!ticket.manual && { note: t('admin.ticket.automatic') })}
        />
      </td>
      {withClient && (
        <td>
          <div className={styles.mono}>{ticket.email}</div>
          {ticket.username && <div className={`${styles.small} ${styles.muted}`}>{ticket.username}</div>}
        </td>
      )}
    </tr>
  );
}
