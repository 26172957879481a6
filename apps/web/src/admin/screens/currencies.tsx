import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n';
import { Link, useParams } from 'react-router';
import { type AdminCurrency } from '@obmen/shared/admin';
import { FireIcon } from '../../components/ui/fire-icon';
import { adminQueryOptions } from '../api/resources';
import { Badge } from '../components/badges';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';
import { useConsoleLanguage } from '../hooks/use-console-language';

import { CurrencyForm } from './currency-form';
import { screenLoader, useStaff } from '../staff';
import { TableScroll } from '../components/table-scroll';

const currencyList = adminQueryOptions<AdminCurrency[]>('currencies', '/currencies');

export const loader = screenLoader('operator', currencyList);
export { ScreenError as ErrorBoundary } from '../components/screen-error';

export function Component() {
  const { role } = useStaff();
  const { t } = useTranslation();
  const [lang] = useConsoleLanguage();
  const { code } = useParams();
  const list = useQuery(currencyList);
  const editing = code === 'new' ? null : list.data?.find((c) => c.code === code);

  return (
    <div className={styles.page}>
      <div className={`${styles.header} ${code ? styles.hideWhenNarrow : ''}`}>
        <h1 className={styles.title}>{t('admin.currencies.title')}</h1>
        {role === 'admin' && (
          <Link to="/admin/currencies/new" className={styles.smallButton}>
            + {t('admin.currencies.new')}
          </Link>
        )}
      </div>
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className={`${styles.split} ${code ? styles.splitOpen : ''}`}>
          <TableScroll className={code ? styles.hideWhenNarrow : ''}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.currencies.code')}</th>
                  <th scope="col">{t('admin.currencies.name')}</th>
                  {!code && <th scope="col">{t('admin.currencies.kind')}</th>}
                  {!code && (
                    <th scope="col" className={styles.num}>
                      {t('admin.currencies.scale')}
                    </th>
                  )}
                  <th scope="col">{t('admin.currencies.sides')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((currency) => (
                  <tr key={currency.code} className={currency.code === code ? styles.selected : undefined}>
                    <td className={styles.nowrap}>
                      <img src={currency.iconPath} alt="" className={styles.icon} />{' '}
                      <Link to={`/admin/currencies/${currency.code}`} className={styles.rowLink}>
                        {currency.code}
                      </Link>
                    </td>
                    <td>
                      {lang === 'en' ? currency.nameEn : currency.nameRu}
                      {currency.highlighted && (
                        <>
                          {' '}
                          <FireIcon label={t('admin.currencies.highlighted')} />
                        </>
                      )}
                    </td>
                    {!code && <td>{t(`admin.currencies.kinds.${currency.kind}`)}</td>}
                    {!code && <td className={styles.num}>{currency.scale}</td>}
                    <td className={styles.nowrap}>
                      <Badge tone={currency.giveEnabled ? 'success' : 'neutral'}>
                        {t('admin.currencies.give')} {currency.giveEnabled ? '✓' : '✕'}
                      </Badge>{' '}
                      <Badge tone={currency.getEnabled ? 'success' : 'neutral'}>
                        {t('admin.currencies.get')} {currency.getEnabled ? '✓' : '✕'}
                      </Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {code && (code === 'new' || editing) && (
            <div className={styles.detailSticky}>
              <CurrencyForm key={code} currency={editing ?? null} readOnly={role !== 'admin'} />
            </div>
          )}
          {code && code !== 'new' && !editing && <QueryState error={new Error('not found')} />}
        </div>
      )}
    </div>
  );
}
