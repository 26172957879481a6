import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { PAYOUT_STATES, type AdminTicketPayout, type PayoutState } from '@obmen/shared/admin';
import { isLang } from '@obmen/shared/i18n';
import { CopyButton } from '../../components/ui/copy-button';
import { Pagination } from '../../components/ui/pagination';
import { PayoutReference } from '../../components/ui/payout-reference';
import { useTranslation } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { payoutQueueFilterOf, payoutQueueOptions, type PayoutQueueFilter } from '../api/ticket-payouts';
import { PayoutStateBadge } from '../components/badges';
import { formatDateTime, formatSum } from '../components/format';
import { PayoutWaits } from '../components/payout-details';
import { QueryState } from '../components/query-state';
import { ConsoleSearch } from '../components/console-search';
import styles from '../components/desk.module.css';
import { requireStaff, useStaff } from '../staff';
import { PayoutDecisions } from './ticket-payout-decisions';
import { PayoutProviders } from './ticket-payout-providers';
import { FilterTabs } from '../components/filter-tabs';
import { TableScroll } from '../components/table-scroll';

/** Every state first, then each one; `''` is every state. */
const TABS: readonly (PayoutState | '')[] = ['', ...PAYOUT_STATES];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  await queryClient.ensureQueryData(payoutQueueOptions(payoutQueueFilterOf(new URL(request.url).searchParams)));
  return null;
}

export { ScreenError as ErrorBoundary } from '../components/screen-error';

/**
 * Automatic payouts of paid tickets (issue 44): each provider's balance and health, and the queue
 * of payouts by state with what an operator decides: approve one over a limit, retry or cancel a
 * failed one, say whether an unknown one left. Not the partners' payouts (screens/payouts.tsx).
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  const { username, role } = useStaff();
  const [params, setParams] = useSearchParams();
  const filter = payoutQueueFilterOf(params);
  const [typed, setTyped] = useState(filter.q);
  const list = useQuery(payoutQueueOptions(filter));

  const setFilter = (next: Partial<PayoutQueueFilter>) => {
    const merged = new URLSearchParams(params);
    for (const [name, value] of Object.entries(next)) {
      if (value && !(name === 'page' && value === 1)) merged.set(name, String(value));
      else merged.delete(name);
    }
    if (next.page === undefined) merged.delete('page');
    setParams(merged, { replace: true });
  };

  // Typing filters after a short pause, so every keystroke does not ask the server.
  const { q } = filter;
  useEffect(() => {
    if (typed.trim() === q) return;
    const timer = setTimeout(() => {
      const merged = new URLSearchParams(params);
      if (typed.trim()) merged.set('q', typed.trim());
      else merged.delete('q');
      merged.delete('page');
      setParams(merged, { replace: true });
    }, 350);
    return () => clearTimeout(timer);
  }, [typed, q, params, setParams]);

  const counts = list.data?.counts;
  const countOf = (tab: PayoutState | '') =>
    !counts ? null : tab === '' ? Object.values(counts).reduce((a, b) => a + b, 0) : (counts[tab] ?? 0);

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('admin.ticketPayouts.title')}</h1>
        <p className={`${styles.muted} ${styles.small}`} aria-live="off">
          {list.dataUpdatedAt
            ? t('admin.queue.updated', { time: new Date(list.dataUpdatedAt).toLocaleTimeString(lang) })
            : ''}
        </p>
      </div>
      <p className={`${styles.muted} ${styles.flush}`}>{t('admin.ticketPayouts.intro')}</p>
      {list.data && !list.data.enabled && (
        <p className={`${styles.notice} ${styles.warning} ${styles.flush}`} data-testid="payouts-off">
          {t('admin.ticketPayouts.off')}
        </p>
      )}
      {list.data && <PayoutProviders providers={list.data.providers} canConfigure={role === 'admin'} />}
      <div className={styles.toolbar}>
        <ConsoleSearch
          id="payout-search"
          label={t('admin.ticketPayouts.search')}
          placeholder={t('admin.ticketPayouts.searchPlaceholder')}
          value={typed}
          onChange={setTyped}
          literal
        />
      </div>
      <FilterTabs
        label={t('admin.ticketPayouts.filters')}
        tabs={TABS}
        current={filter.state}
        onPick={(tab) => setFilter({ state: tab })}
        labelOf={(tab) => t(`admin.ticketPayouts.states.${tab || 'all'}`)}
        countOf={countOf}
      />
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <TableScroll>
            <table className={`${styles.table} ${styles.stack}`} data-testid="payout-queue">
              <caption className="visually-hidden">{t('admin.ticketPayouts.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.ticketPayouts.ticket')}</th>
                  <th scope="col" className={styles.num}>
                    {t('admin.ticketPayouts.amount')}
                  </th>
                  <th scope="col">{t('admin.ticketPayouts.address')}</th>
                  <th scope="col">{t('admin.ticketPayouts.state')}</th>
                  <th scope="col">{t('admin.ticketPayouts.attempt')}</th>
                  <th scope="col">{t('admin.ticketPayouts.transaction')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('admin.common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((payout) => (
                  <PayoutRow key={payout.id} payout={payout} me={username} />
                ))}
              </tbody>
            </table>
            {list.data.items.length === 0 && <p className={styles.empty}>{t('admin.ticketPayouts.none')}</p>}
          </TableScroll>
          <Pagination
            page={list.data.page}
            perPage={list.data.perPage}
            total={list.data.total}
            onPageChange={(page) => setFilter({ page })}
          />
        </>
      )}
    </div>
  );
}

function PayoutRow({ payout, me }: { payout: AdminTicketPayout; me: string }) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  return (
    <tr data-testid="payout-row">
      <td className={styles.nowrap}>
        <Link to={`/admin/tickets/${payout.ticketId}`} className={styles.rowLink}>
          {t('admin.common.ticketNumber', { number: payout.ticketNumber })}
        </Link>
        <div className={`${styles.small} ${styles.muted}`}>{formatDateTime(payout.createdAt, lang)}</div>
      </td>
      <td className={styles.num}>
        <strong className={styles.nowrap}>{formatSum({ sum: payout.amount, valute: payout.valute }, lang)}</strong>
        <div className={`${styles.small} ${styles.muted}`}>
          {payout.currencyCode} · {t(`admin.payoutSettings.modes.${payout.provider}`)}
        </div>
      </td>
      <td className={styles.addressCell}>
        <span className={styles.mono}>{payout.address}</span>
        <CopyButton text={payout.address} label={t('admin.common.copy')} copiedMessage={t('admin.common.copied')} />
        {payout.memo && (
          <div className={`${styles.small} ${styles.muted}`}>
            {t('admin.ticketPayouts.memo', { memo: payout.memo })}
          </div>
        )}
      </td>
      <td>
        <PayoutStateBadge state={payout.state} />
        <PayoutWaits payout={payout} />
      </td>
      <td>
        <div>{t('admin.ticketPayouts.attemptNumber', { attempt: payout.attempt })}</div>
        <div className={`${styles.small} ${styles.mono} ${styles.muted}`} title={t('admin.ticketPayouts.keyHint')}>
          {payout.key}
        </div>
      </td>
      <td>
        {payout.txid ? (
          <span className={styles.mono}>
            <PayoutReference reference={payout.txid} url={payout.txidUrl} />
          </span>
        ) : (
          <span className={styles.muted}>—</span>
        )}
        {payout.providerRef && (
          <div className={`${styles.small} ${styles.muted} ${styles.mono}`}>
            {t('admin.ticketPayouts.providerRef', { ref: payout.providerRef })}
          </div>
        )}
        {payout.lastError && <div className={`${styles.small} ${styles['tone-danger']}`}>{payout.lastError}</div>}
      </td>
      <td>
        <PayoutDecisions payout={payout} me={me} />
      </td>
    </tr>
  );
}
