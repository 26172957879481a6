import type { Lang } from '@obmen/shared/i18n';
import { formatSum } from './format';
import styles from './desk.module.css';

interface Side {
  code: string;
  valute: string;
  sum: string;
}

/** A ticket's two sums, what the client gets in bold, and the pair under them (with a note after it). */
export function TicketSums({ give, get, lang, note }: { give: Side; get: Side; lang: Lang; note?: string }) {
  return (
    <>
      <div className={styles.nowrap}>
        {formatSum(give, lang)} <span className={styles.muted}>→</span>
      </div>
      <div className={styles.nowrap}>
        <strong>{formatSum(get, lang)}</strong>
      </div>
      <div className={`${styles.small} ${styles.muted}`}>
        {give.code} → {get.code}
        {note ? ` · ${note}` : ''}
      </div>
    </>
  );
}
