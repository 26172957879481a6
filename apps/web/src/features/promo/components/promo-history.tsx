import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { PromoCode } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { pagePath } from '@obmen/shared/routing';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import table from '../../../components/ui/data-table.module.css';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { PROMO_PAGE_SIZE, usePromoCodes } from '../api/get-promo-codes';
import { roubles } from './promo-value';
import styles from './promo.module.css';

const STATUS_KEYS = {
  active: 'promoPage.statusActive',
  held: 'promoPage.statusHeld',
  used: 'promoPage.statusUsed',
  expired: 'promoPage.statusExpired',
} as const satisfies Record<PromoCode['status'], string>;

function WhereUsed({ promo, lang }: { promo: PromoCode; lang: Lang }) {
  const { t } = useTranslation();
  if (promo.ticketNumber !== null) {
    const label = t('promoPage.ticket', { number: promo.ticketNumber });
    return (
      <div className={styles.where}>
        {promo.ticketId ? <Link to={pagePath(lang, 'ticket_info', { id: promo.ticketId })}>{label}</Link> : label}
        {promo.usedAt && (
          <time className={table.muted} dateTime={promo.usedAt}>
            {formatDateTime(promo.usedAt, lang)}
          </time>
        )}
      </div>
    );
  }
  if (promo.status === 'expired' && promo.expiresAt) {
    return <span className={table.muted}>{t('promoPage.expiredAt', { date: formatDate(promo.expiresAt, lang) })}</span>;
  }
  return <span className={table.muted}>{t('promoPage.notUsed')}</span>;
}

/** Every code of the user, ten a page: its state (active, used, expired) and where it was used. */
export function PromoHistory({ owner, lang }: { owner: string; lang: Lang }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isPlaceholderData, refetch } = usePromoCodes(owner, page);
  const columns = {
    code: t('promoPage.code'),
    value: t('promoPage.value'),
    state: t('promoPage.state'),
    where: t('promoPage.where'),
  };

  return (
    <section className={styles.card} aria-labelledby="promo-history-title" aria-busy={isPending || isPlaceholderData}>
      <h2 id="promo-history-title" className={styles.cardTitle}>
        {t('promoPage.historyTitle')}
      </h2>
      {isPending && <Spinner label={t('common.loading')} />}
      {isError && !data && (
        <p className={styles.muted}>
          {t('promoPage.loadFailed')}{' '}
          <button type="button" className={styles.linkButton} onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {data && data.total === 0 && <p className={styles.muted}>{t('promoPage.historyEmpty')}</p>}
      {data && data.items.length > 0 && (
        <>
          <table className={table.table} data-testid="promo-history">
            <thead>
              <tr>
                <th scope="col">{columns.code}</th>
                <th scope="col">{columns.value}</th>
                <th scope="col">{columns.state}</th>
                <th scope="col">{columns.where}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((promo) => (
                <tr key={promo.code}>
                  <td data-label={columns.code}>
                    <span className={styles.mono}>{promo.code}</span>
                  </td>
                  <td data-label={columns.value}>
                    {t('promoPage.worth', {
                      value: roubles(promo.valueRub, lang),
                      minimum: roubles(promo.minRub, lang),
                    })}
                  </td>
                  <td data-label={columns.state}>
                    <span>
                      <span className={`${styles.badge} ${styles[promo.status]}`}>{t(STATUS_KEYS[promo.status])}</span>
                    </span>
                  </td>
                  <td data-label={columns.where}>
                    <WhereUsed promo={promo} lang={lang} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            page={data.page}
            perPage={PROMO_PAGE_SIZE}
            total={data.total}
            onPageChange={setPage}
            label={t('promoPage.historyPages')}
          />
        </>
      )}
    </section>
  );
}
