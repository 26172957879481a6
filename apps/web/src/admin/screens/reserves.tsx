import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { adminReserveUpdate, type AdminReserve } from '@obmen/shared/admin';
import { notify } from '../../lib/notify';
import { useContractForm } from '../../lib/use-contract-form';
import { useAdminMutation, adminQueryOptions } from '../api/resources';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { screenLoader } from '../staff';
import { TableScroll } from '../components/table-scroll';

const reserveList = adminQueryOptions<AdminReserve[]>('reserves', '/reserves');

export const loader = screenLoader('operator', reserveList);
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** Reserves: what the exchanger holds of each currency, what open tickets hold of it, what is left to sell. */
export function Component() {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const list = useQuery(reserveList);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('admin.reserves.title')}</h1>
      </div>
      <p className={`${styles.muted} ${styles.flush}`}>{t('admin.reserves.intro')}</p>
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <TableScroll>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('admin.reserves.currency')}</th>
                <th scope="col" className={styles.num}>
                  {t('admin.reserves.balance')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('admin.reserves.held')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('admin.reserves.available')}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin.common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((reserve) => (
                <tr key={reserve.currencyCode}>
                  <td>
                    <strong>{reserve.currencyCode}</strong>
                    <div className={`${styles.small} ${styles.muted}`}>{formatDateTime(reserve.updatedAt, lang)}</div>
                  </td>
                  <td className={styles.num}>
                    {reserve.balance} {reserve.valute}
                  </td>
                  <td className={styles.num}>{reserve.held}</td>
                  <td className={styles.num}>
                    <strong>{reserve.available}</strong>
                  </td>
                  <td>
                    {editing === reserve.currencyCode ? (
                      <ReserveForm reserve={reserve} onDone={() => setEditing(null)} />
                    ) : (
                      <button
                        type="button"
                        className={styles.smallButton}
                        onClick={() => setEditing(reserve.currencyCode)}
                      >
                        {t('admin.reserves.set')}
                        <span className="visually-hidden"> {reserve.currencyCode}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}

function ReserveForm({ reserve, onDone }: { reserve: AdminReserve; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useAdminMutation(['reserves']);
  const form = useContractForm({
    schema: adminReserveUpdate,
    defaultValues: { balance: reserve.balance },
    logContext: 'setting a reserve',
    onSubmit: async (body) => {
      await save.mutateAsync({ method: 'PUT', path: `/reserves/${reserve.currencyCode}`, json: body });
      notify({ status: 'success', message: t('admin.reserves.saved', { code: reserve.currencyCode }) });
      onDone();
    },
  });
  const props = form.field('balance');
  const error = form.error('balance');
  return (
    <form className={styles.inlineForm} onSubmit={form.handleSubmit} noValidate>
      <div>
        <label htmlFor={props.id} className="visually-hidden">
          {t('admin.reserves.balanceOf', { code: reserve.currencyCode })}
        </label>
        <input
          {...props}
          className={styles.compactInput}
          inputMode="decimal"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${props.id}-error` : undefined}
        />
        {error && (
          <p id={`${props.id}-error`} className={styles.inlineError}>
            {error}
          </p>
        )}
      </div>
      <button type="submit" className={styles.smallButton} disabled={form.isSubmitting}>
        {t('admin.common.save')}
      </button>
      <button type="button" className={styles.smallButton} onClick={onDone}>
        {t('admin.common.cancel')}
      </button>
      {form.formErrors.length > 0 && <p className={styles.inlineError}>{form.formErrors.join(' ')}</p>}
    </form>
  );
}
