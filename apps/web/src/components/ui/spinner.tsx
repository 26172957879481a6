import styles from './spinner.module.css';

/** A loading indicator with its words for screen readers (and for eyes, unless `quiet`). */
export function Spinner({ label, quiet = false }: { label: string; quiet?: boolean }) {
  return (
    <span className={styles.wrap} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={quiet ? 'visually-hidden' : styles.label}>{label}</span>
    </span>
  );
}
