import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { RefPayout } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import table from '../../../components/ui/data-table.module.css';
import { formatAmount } from '../../../lib/format-amount';
import { formatDateTime } from '../../../lib/format-date';
import { REFERRAL_PAGE_SIZE } from '../api/get-charges';
import { usePayouts } from '../api/get-payouts';
import styles from './referral.module.css';

const STATUS_KEYS = {
  pending: 'referralPage.statusPending',
  paid: 'referralPage.statusPaid',
  rejected: 'referralPage.statusRejected',
} as const satisfies Record<RefPayout['status'], string>;

/** The user's withdrawal requests with their outcome: the transfer reference, or why it was refused. */
export function PayoutsTable({ owner, lang }: { owner: string; lang: Lang }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isPlaceholderData, refetch } = usePayouts(owner, page);
  const columns = {
    date: t('referralPage.date'),
    amount: t('referralPage.amount'),
    requisite: t('referralPage.requisite'),
    status: t('referralPage.status'),
  };

  return (
    <section
      className={styles.card}
      aria-labelledby="referral-payouts-title"
      aria-busy={isPending || isPlaceholderData}
    >
      <h2 id="referral-payouts-title" className={styles.cardTitle}>
        {t('referralPage.payoutsTitle')}
      </h2>
      {isPending && <Spinner label={t('common.loading')} />}
      {isError && !data && (
        <p className={styles.muted}>
          {t('error.unexpected')}{' '}
          <button type="button" className={styles.linkButton} onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {data && data.total === 0 && <p className={styles.muted}>{t('referralPage.payoutsEmpty')}</p>}
      {data && data.items.length > 0 && (
        <>
          <table className={table.table} data-testid="referral-payouts">
            <thead>
              <tr>
                <th scope="col">{columns.date}</th>
                <th scope="col" className={table.numeric}>
                  {columns.amount}
                </th>
                <th scope="col">{columns.requisite}</th>
                <th scope="col">{columns.status}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((payout) => (
                <tr key={payout.id}>
                  <td data-label={columns.date}>
                    <time dateTime={payout.date}>{formatDateTime(payout.date, lang)}</time>
                  </td>
                  <td data-label={columns.amount} className={table.numeric}>
                    {formatAmount(payout.sum, lang, { unit: payout.valute })}
                  </td>
                  <td data-label={columns.requisite}>
                    <span className={styles.requisite}>{payout.requisite}</span>
                  </td>
                  <td data-label={columns.status}>
                    <div className={styles.statusCell}>
                      <span className={`${styles.badge} ${styles[payout.status]}`}>
                        {t(STATUS_KEYS[payout.status])}
                      </span>
                      {payout.status === 'paid' && payout.reference && (
                        <span className={table.muted}>
                          {t('referralPage.reference', { reference: payout.reference })}
                        </span>
                      )}
                      {payout.status === 'rejected' && payout.reason && (
                        <span className={table.muted}>{t('referralPage.reason', { reason: payout.reason })}</span>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={data.page}
            perPage={REFERRAL_PAGE_SIZE}
            total={data.total}
            onPageChange={setPage}
            label={t('referralPage.payoutsPages')}
          />
        </>
      )}
    </section>
  );
}
