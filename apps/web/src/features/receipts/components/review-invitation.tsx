import { useTranslation } from '../../../lib/i18n';
import { useReviewLinks } from '../api/get-review-links';
import styles from './receipts.module.css';

/** After a success: the monitors the operator set, to review the exchange on; nothing when none is set. */
export function ReviewInvitation() {
  const { t } = useTranslation();
  const links = useReviewLinks();
  if (!links.data || links.data.length === 0) return null;
  return (
    <section className={styles.box} aria-labelledby="review-invitation" data-testid="review-invitation">
      <h2 id="review-invitation" className={styles.title}>
        {t('ticketReceipt.reviewTitle')}
      </h2>
      <p className={styles.hint}>{t('ticketReceipt.reviewHint')}</p>
      <ul className={styles.monitors}>
        {links.data.map((link) => (
          <li key={link.url}>
            <a className={styles.link} href={link.url} target="_blank" rel="noopener noreferrer">
              {link.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
