import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Lang } from '@obmen/shared/i18n';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import table from '../../../components/ui/data-table.module.css';
import { formatAmount } from '../../../lib/format-amount';
import { formatDateTime } from '../../../lib/format-date';
import { REFERRAL_PAGE_SIZE, useCharges } from '../api/get-charges';
import styles from './referral.module.css';

/** The rewards for referrals' successful tickets, ten a page. */
export function ChargesTable({ owner, lang }: { owner: string; lang: Lang }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isPlaceholderData, refetch } = useCharges(owner, page);
  const columns = {
    date: t('referralPage.date'),
    ticket: t('referralPage.ticket'),
    ticketSum: t('referralPage.ticketSum'),
    reward: t('referralPage.reward'),
  };

  return (
    <section
      className={styles.card}
      aria-labelledby="referral-charges-title"
      aria-busy={isPending || isPlaceholderData}
    >
      <h2 id="referral-charges-title" className={styles.cardTitle}>
        {t('referralPage.chargesTitle')}
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
      {data && data.total === 0 && <p className={styles.muted}>{t('referralPage.chargesEmpty')}</p>}
      {data && data.items.length > 0 && (
        <>
          <table className={table.table} data-testid="referral-charges">
            <thead>
              <tr>
                <th scope="col">{columns.date}</th>
                <th scope="col">{columns.ticket}</th>
                <th scope="col" className={table.numeric}>
                  {columns.ticketSum}
                </th>
                <th scope="col" className={table.numeric}>
                  {columns.reward}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((charge) => (
                <tr key={`${charge.ticketNumber}`}>
                  <td data-label={columns.date}>
                    <time dateTime={charge.date}>{formatDateTime(charge.date, lang)}</time>
                  </td>
                  <td data-label={columns.ticket}>{t('referralPage.ticketNumber', { number: charge.ticketNumber })}</td>
                  <td data-label={columns.ticketSum} className={table.numeric}>
                    {formatAmount(charge.ticketUsd, lang, { scale: 2, unit: 'USD' })}
                  </td>
                  <td data-label={columns.reward} className={`${table.numeric} ${styles.positive}`}>
                    +{formatAmount(charge.amountUsd, lang, { scale: 2, unit: 'USD' })}
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
            label={t('referralPage.chargesPages')}
          />
        </>
      )}
    </section>
  );
}
