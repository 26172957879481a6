import { useTranslation } from '../../lib/i18n';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, ApiTimeoutError } from '../../lib/api-client';
import styles from './desk.module.css';

/** What a screen shows while its data loads, or when it could not be read (with a way to try again). */
export function QueryState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  if (!error) return <Spinner label={t('admin.common.loading')} />;
  const message =
    error instanceof ApiError && error.errorMessage
      ? error.errorMessage
      : error instanceof ApiTimeoutError
        ? t('error.timeout')
        : t('error.unexpected');
  return (
    <div role="alert" className={`${styles.notice} ${styles.warning}`}>
      <p className={styles.flush}>{message}</p>
      {onRetry && (
        <button type="button" className={`${styles.smallButton} ${styles.retry}`} onClick={onRetry}>
          {t('admin.common.retry')}
        </button>
      )}
    </div>
  );
}
