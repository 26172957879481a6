import styles from './avatar.module.css';

/** A round badge with the first letter of the username (decorative: the name is always beside it). */
export function Avatar({ name, size = 'md' }: { name: string; size?: 'md' | 'lg' }) {
  const letter = [...name.trim()][0]?.toUpperCase() ?? '';
  return (
    <span className={`${styles.avatar} ${styles[size]}`} aria-hidden="true">
      {letter}
    </span>
  );
}
