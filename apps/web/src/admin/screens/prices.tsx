import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { adminPriceUpdate, type AdminCurrency, type AdminPrice, type AdminPriceList } from '@obmen/shared/admin';
import { notify } from '../../lib/notify';
import { useContractForm } from '../../lib/use-contract-form';
import { useAdminMutation, adminQueryOptions } from '../api/resources';
import { Badge } from '../components/badges';
import { formatAge, formatDateTime, formatPercent, formatUsd } from '../components/format';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';
import { screenLoader } from '../staff';
import { PriceSourcesTable } from './price-sources-table';
import { TableScroll } from '../components/table-scroll';

const REFRESH = ['prices', 'directions'];

const priceList = adminQueryOptions<AdminPriceList>('prices', '/prices');
const currencyList = adminQueryOptions<AdminCurrency[]>('currencies', '/currencies');

export const loader = screenLoader('operator', priceList, currencyList);
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** USD prices: where each comes from, how old it is, and the operator's own price when the market needs one. */
export function Component() {
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const list = useQuery(priceList);
  const currencies = useQuery(currencyList);
  const release = useAdminMutation(REFRESH);
  const [editing, setEditing] = useState<string | null>(null);
  const valute = (code: string) => currencies.data?.find((c) => c.code === code)?.valute ?? code;
  const sourceLabel = (price: AdminPrice) => {
    if (price.source === 'manual') return t('admin.prices.manual');
    if (price.source === 'par') return t('admin.prices.par');
    if (price.sources.length > 0) {
      return t('admin.prices.median', {
        sources: price.sources.map((source) => t(`admin.prices.names.${source}`)).join(', '),
      });
    }
    return price.source;
  };

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('admin.prices.title')}</h1>
      </div>
      {list.data && (
        <p className={`${styles.notice} ${styles.flush}`}>
          {list.data.rateSource === 'live'
            ? t('admin.prices.live', { spread: formatPercent(list.data.spreadPercent, lang) })
            : t('admin.prices.static')}
        </p>
      )}
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <TableScroll>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('admin.prices.currency')}</th>
                <th scope="col" className={styles.num}>
                  {t('admin.prices.usdPrice')}
                </th>
                <th scope="col">{t('admin.prices.source')}</th>
                <th scope="col">{t('admin.prices.age')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin.common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((price) => (
                <tr key={price.currencyCode}>
                  <td className={styles.nowrap}>
                    <strong>{price.currencyCode}</strong>
                    <div className={`${styles.small} ${styles.muted}`}>{valute(price.currencyCode)}</div>
                  </td>
                  <td className={styles.num}>{formatUsd(price.usdPrice, lang)}</td>
                  <td>
                    <Badge tone={price.source === 'manual' ? 'accent' : 'neutral'}>{sourceLabel(price)}</Badge>
                    {price.lastError && (
                      <div className={`${styles.small} ${styles.inlineError}`}>
                        {t('admin.prices.lastError', { error: price.lastError })}
                      </div>
                    )}
                  </td>
                  <td>
                    <span title={formatDateTime(price.updatedAt, lang)}>{formatAge(price.ageSeconds, lang)}</span>{' '}
                    {price.stale && <Badge tone="danger">{t('admin.prices.stale')}</Badge>}
                    <div className={`${styles.small} ${styles.muted}`}>
                      {price.maxAgeSeconds === null
                        ? t('admin.prices.neverStale')
                        : t('admin.prices.maxAge', { age: formatAge(price.maxAgeSeconds, lang) })}
                    </div>
                  </td>
                  <td>
                    {editing === price.currencyCode ? (
                      <PriceForm price={price} onDone={() => setEditing(null)} />
                    ) : (
                      <div className={styles.actions}>
                        <button
                          type="button"
                          className={styles.smallButton}
                          onClick={() => setEditing(price.currencyCode)}
                        >
                          {t('admin.prices.set')}
                          <span className="visually-hidden"> {price.currencyCode}</span>
                        </button>
                        {list.data.rateSource === 'live' && price.source === 'manual' && (
                          <button
                            type="button"
                            className={styles.smallButton}
                            onClick={() =>
                              void release
                                .mutateAsync({ method: 'POST', path: `/prices/${price.currencyCode}/release` })
                                .then(() =>
                                  notify({
                                    status: 'success',
                                    message: t('admin.prices.released', { code: price.currencyCode }),
                                  }),
                                )
                            }
                          >
                            {t('admin.prices.release')}
                          </button>
                        )}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {list.data && list.data.sources.length > 0 && <PriceSourcesTable sources={list.data.sources} />}
    </div>
  );
}

function PriceForm({ price, onDone }: { price: AdminPrice; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useAdminMutation(REFRESH);
  const form = useContractForm({
    schema: adminPriceUpdate,
    defaultValues: {
      usdPrice: price.usdPrice,
      maxAgeSeconds: price.maxAgeSeconds === null ? '' : String(price.maxAgeSeconds),
    },
    logContext: 'setting a price',
    onSubmit: async (body) => {
      await save.mutateAsync({ method: 'PUT', path: `/prices/${price.currencyCode}`, json: body });
      notify({
        status: 'success',
        message: t('admin.prices.saved', { code: price.currencyCode, price: body.usdPrice }),
      });
      onDone();
    },
  });
  const field = (name: 'usdPrice' | 'maxAgeSeconds', label: string) => {
    const props = form.field(name);
    const error = form.error(name);
    return (
      <div>
        <label htmlFor={props.id} className="visually-hidden">
          {label}
        </label>
        <input
          {...props}
          className={styles.compactInput}
          inputMode="decimal"
          placeholder={label}
          title={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${props.id}-error` : undefined}
        />
        {error && (
          <p id={`${props.id}-error`} className={styles.inlineError}>
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <form
      className={styles.inlineForm}
      onSubmit={form.handleSubmit}
      noValidate
      aria-label={t('admin.prices.setFor', { code: price.currencyCode })}
    >
      {field('usdPrice', t('admin.prices.usdPrice'))}
      {field('maxAgeSeconds', t('admin.prices.maxAgeLabel'))}
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
