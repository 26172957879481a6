import { useLanguage } from '../../../hooks/use-language';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { RECEIPT_KEYS_PATH, useReceiptKeys } from '../api/get-receipt-keys';
import styles from './receipts.module.css';

/** The public keys that sign receipts, as the well-known file publishes them. */
export function ReceiptKeysList() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const zone = useTimeZone();
  const keys = useReceiptKeys();
  return (
    <section className={styles.box} aria-labelledby="receipt-keys">
      <h2 id="receipt-keys" className={styles.title}>
        {t('verify.keysTitle')}
      </h2>
      <p className={styles.hint}>
        {t('verify.keysHint')}
        <a href={RECEIPT_KEYS_PATH}>{RECEIPT_KEYS_PATH}</a>
      </p>
      {keys.data && (
        <ul className={styles.keys} data-testid="receipt-keys">
          {keys.data.keys.map((key) => (
            <li key={key.kid}>
              <strong>{key.kid}</strong> ·{' '}
              <span suppressHydrationWarning>
                {key.retiredAt
                  ? t('verify.retired', { date: formatDateTime(key.retiredAt, lang, 'medium', zone) })
                  : t('verify.active')}
              </span>
              <br />
              <code className={styles.code}>x = {key.x}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
