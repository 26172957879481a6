import { Link } from 'react-router';
import type { AdminTicketPayout } from '@obmen/shared/admin';
import { PayoutReference } from '../../components/ui/payout-reference';
import { useTranslation } from '../../lib/i18n';
import { PayoutStateBadge } from '../components/badges';
import { PayoutWaits } from '../components/payout-details';
import styles from '../components/desk.module.css';

/** A ticket's automatic payout (issue 44) in its panel: where it stands, and the way to decide on it in the queue. */
export function TicketPanelPayout({ payout }: { payout: AdminTicketPayout }) {
  const { t } = useTranslation();
  return (
    <div className={styles.section} data-testid="ticket-payout">
      <h3 className={styles.subtitle}>{t('admin.ticketPayouts.panelTitle')}</h3>
      <dl className={styles.facts}>
        <dt>{t('admin.ticketPayouts.state')}</dt>
        <dd>
          <span>
            <PayoutStateBadge state={payout.state} />
            <PayoutWaits payout={payout} />
          </span>
        </dd>
        <dt>{t('admin.ticketPayouts.provider')}</dt>
        <dd>{t(`admin.payoutSettings.modes.${payout.provider}`)}</dd>
        <dt>{t('admin.ticketPayouts.attempt')}</dt>
        <dd>
          {t('admin.ticketPayouts.attemptNumber', { attempt: payout.attempt })}
          <span className={`${styles.mono} ${styles.muted}`} title={t('admin.ticketPayouts.keyHint')}>
            {payout.key}
          </span>
        </dd>
        {payout.txid && (
          <>
            <dt>{t('admin.ticketPayouts.transaction')}</dt>
            <dd className={styles.mono}>
              <PayoutReference reference={payout.txid} url={payout.txidUrl} />
            </dd>
          </>
        )}
        {payout.lastError && (
          <>
            <dt>{t('admin.ticketPayouts.lastError')}</dt>
            <dd className={styles['tone-danger']}>{payout.lastError}</dd>
          </>
        )}
      </dl>
      <Link to={`/admin/ticket-payouts?q=${payout.ticketNumber}`} className={styles.small}>
        {t('admin.ticketPayouts.openInQueue')}
      </Link>
    </div>
  );
}
