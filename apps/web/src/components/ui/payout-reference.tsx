import styles from './payout-reference.module.css';

/**
 * A payout's reference as the operator gave it; a link to the transaction on a block explorer when
 * the server found one for it (a hash of the currency's network).
 */
export function PayoutReference({
  reference,
  url,
  className,
}: {
  reference: string;
  url: string | null;
  className?: string;
}) {
  const text = <code className={`${styles.reference} ${className ?? ''}`}>{reference}</code>;
  // Only an http(s) address becomes a link, whatever an answer might hold.
  if (!url || !/^https?:\/\//i.test(url)) return text;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={styles.link}>
      {text}
      <span aria-hidden="true">{'\u00a0↗'}</span>
    </a>
  );
}
