import { useTranslation } from '../../../lib/i18n';
import { CloseIcon, ErrorIcon, SuccessIcon } from '../../../components/ui/icons';
import { dismissNotification, useNotifications, type Notification } from '../../../lib/notify';
import styles from './notification-stack.module.css';

function NotificationCard({ id, status, message }: Notification) {
  const { t } = useTranslation();
  return (
    <div className={`${styles.item} ${styles[status]}`} data-testid={`notification-${status}`}>
      {status === 'error' ? <ErrorIcon className={styles.icon} /> : <SuccessIcon className={styles.icon} />}
      <p className={styles.message}>
        <span className="visually-hidden">{t(`notifications.${status}`)}: </span>
        {message}
      </p>
      <button
        type="button"
        className={styles.close}
        aria-label={t('notifications.dismiss')}
        onClick={() => dismissNotification(id)}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}

/**
 * The status messages of the whole app (spec §4), each gone after 10 s or when closed. Both live
 * regions stay in the page even when empty, as screen readers only read changes to a region they
 * already know: errors as alerts, the rest politely. Errors sit above, where the eye lands first.
 */
export function NotificationStack() {
  const notifications = useNotifications();
  const errors = notifications.filter((item) => item.status === 'error');
  const successes = notifications.filter((item) => item.status === 'success');
  return (
    <div className={styles.stack} data-testid="notifications">
      <div role="alert" aria-atomic="false" aria-relevant="additions" className={styles.list}>
        {errors.map((item) => (
          <NotificationCard key={item.id} {...item} />
        ))}
      </div>
      <div role="status" aria-atomic="false" aria-relevant="additions" className={styles.list}>
        {successes.map((item) => (
          <NotificationCard key={item.id} {...item} />
        ))}
      </div>
    </div>
  );
}
