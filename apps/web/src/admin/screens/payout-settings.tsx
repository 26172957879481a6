import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isLang } from '@obmen/shared/i18n';
import { useTranslation } from '../../lib/i18n';
import { payoutSettingsOptions } from '../api/ticket-payouts';
import { Badge } from '../components/badges';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';
import { screenLoader } from '../staff';
import { PayoutSettingsForm } from './payout-settings-form';
import { TableScroll } from '../components/table-scroll';

export const loader = screenLoader('admin', payoutSettingsOptions);
export { ScreenError as ErrorBoundary } from '../components/screen-error';

/** How each crypto currency is paid out (issue 44): by hand, or by a provider within the limits set here. */
export function Component() {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  const { code } = useParams();
  const list = useQuery(payoutSettingsOptions);
  const editing = list.data?.find((s) => s.currencyCode === code);

  return (
    <div className={styles.page}>
      <div className={`${styles.header} ${code ? styles.hideWhenNarrow : ''}`}>
        <h1 className={styles.title}>{t('admin.payoutSettings.title')}</h1>
      </div>
      <p className={`${styles.muted} ${styles.flush} ${code ? styles.hideWhenNarrow : ''}`}>
        {t('admin.payoutSettings.intro')}
      </p>
      {!list.data ? (
        <QueryState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className={`${styles.split} ${code ? styles.splitOpen : ''}`}>
          <TableScroll className={code ? styles.hideWhenNarrow : ''}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('admin.payoutSettings.currency')}</th>
                  <th scope="col">{t('admin.payoutSettings.mode')}</th>
                  <th scope="col" className={styles.num}>
                    {t('admin.payoutSettings.maxPerTicket')}
                  </th>
                  {!code && <th scope="col">{t('admin.payoutSettings.updated')}</th>}
                </tr>
              </thead>
              <tbody>
                {list.data.map((settings) => (
                  <tr
                    key={settings.currencyCode}
                    className={settings.currencyCode === code ? styles.selected : undefined}
                  >
                    <td>
                      <Link to={`/admin/payout-settings/${settings.currencyCode}`} className={styles.rowLink}>
                        {settings.currencyCode}
                      </Link>
                    </td>
                    <td>
                      <Badge tone={settings.mode === 'manual' ? 'neutral' : 'success'}>
                        {t(`admin.payoutSettings.modes.${settings.mode}`)}
                      </Badge>
                    </td>
                    <td className={styles.num}>
                      {settings.limits.maxPerTicket === null
                        ? t('admin.payoutSettings.noLimit')
                        : `${settings.limits.maxPerTicket} ${settings.valute}`}
                    </td>
                    {!code && <td>{formatDateTime(settings.updatedAt, lang)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
            {list.data.length === 0 && <p className={styles.empty}>{t('admin.payoutSettings.none')}</p>}
          </TableScroll>
          {editing && (
            <div className={styles.detailSticky}>
              <PayoutSettingsForm key={`${editing.currencyCode} ${editing.updatedAt}`} settings={editing} />
            </div>
          )}
          {code && !editing && <QueryState error={new Error('not found')} />}
        </div>
      )}
    </div>
  );
}
