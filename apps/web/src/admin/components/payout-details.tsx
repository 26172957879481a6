import type { AdminTicketPayout } from '@obmen/shared/admin';
import { isLang } from '@obmen/shared/i18n';
import { useTranslation } from '../../lib/i18n';
import { formatDateTime } from './format';
import styles from './desk.module.css';

// What an automatic payout waits for, in words: the queue's rows and the ticket panel's block say it alike.

/** Why it waits for people or for time; nothing when it waits for neither. */
export function PayoutWaits({ payout }: { payout: AdminTicketPayout }) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  const waiting = payout.state === 'queued' || payout.state === 'awaiting_approval';
  return (
    <>
      {payout.holdReasons.length > 0 && (
        <ul className={`${styles.plainList} ${styles.small}`} aria-label={t('admin.ticketPayouts.holdReasons')}>
          {payout.holdReasons.map((reason) => (
            <li key={reason}>{t(`admin.ticketPayouts.holds.${reason}`)}</li>
          ))}
        </ul>
      )}
      {payout.approvalsNeeded > 0 && (
        <div className={styles.small}>
          {t('admin.ticketPayouts.approvals', { count: payout.approvals.length, needed: payout.approvalsNeeded })}
          {payout.approvals.length > 0 && (
            <span className={styles.muted}> · {payout.approvals.map((a) => a.operator).join(', ')}</span>
          )}
        </div>
      )}
      {waiting && payout.notBefore && (
        <div className={`${styles.small} ${styles.muted}`}>
          {t('admin.ticketPayouts.notBefore', { time: formatDateTime(payout.notBefore, lang) })}
        </div>
      )}
    </>
  );
}
