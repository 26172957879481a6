import { Link } from 'react-router';
import type { AdminPayoutProvider } from '@obmen/shared/admin';
import { isLang } from '@obmen/shared/i18n';
import { useTranslation } from '../../lib/i18n';
import { Badge } from '../components/badges';
import { formatAge, formatSum, secondsSince } from '../components/format';
import styles from '../components/desk.module.css';

/**
 * Each currency's provider: its balance (and how old that reading is) against what waits to be
 * sent; a balance short of a payout has closed the currency's directions, so it is said loudly.
 */
export function PayoutProviders({
  providers,
  canConfigure,
}: {
  providers: AdminPayoutProvider[];
  canConfigure: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  if (providers.length === 0) return null;
  return (
    <ul className={styles.cards} aria-label={t('admin.ticketPayouts.providers')}>
      {providers.map((provider) => (
        <li key={provider.currencyCode} className={styles.panel} data-testid="payout-provider">
          <div className={styles.header}>
            <h2 className={styles.subtitle}>{provider.currencyCode}</h2>
            <Badge tone={provider.error ? 'danger' : provider.mode === 'manual' ? 'neutral' : 'success'}>
              {t(`admin.payoutSettings.modes.${provider.mode}`)}
            </Badge>
          </div>
          {provider.short && (
            <p role="alert" className={`${styles.notice} ${styles.warning} ${styles.flush}`}>
              {t('admin.ticketPayouts.short', { code: provider.currencyCode })}
            </p>
          )}
          <dl className={styles.facts}>
            <dt>{t('admin.ticketPayouts.balance')}</dt>
            <dd>
              {provider.balance === null ? (
                <span className={styles.muted}>{t('admin.ticketPayouts.balanceUnread')}</span>
              ) : (
                <span>
                  <strong>{formatSum({ sum: provider.balance, valute: provider.valute }, lang)}</strong>
                  {provider.balanceAt && (
                    <span className={`${styles.small} ${styles.muted}`}>
                      {' '}
                      · {t('admin.ticketPayouts.readAgo', { age: formatAge(secondsSince(provider.balanceAt), lang) })}
                    </span>
                  )}
                </span>
              )}
            </dd>
            <dt>{t('admin.ticketPayouts.waiting')}</dt>
            <dd>{formatSum({ sum: provider.waiting, valute: provider.valute }, lang)}</dd>
            {provider.error && (
              <>
                <dt>{t('admin.ticketPayouts.providerError')}</dt>
                <dd className={styles['tone-danger']}>{provider.error}</dd>
              </>
            )}
          </dl>
          {canConfigure && (
            <Link to={`/admin/payout-settings/${provider.currencyCode}`} className={styles.small}>
              {t('admin.ticketPayouts.settingsOf', { code: provider.currencyCode })}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
