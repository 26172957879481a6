import { useId } from 'react';
import styles from './logo.module.css';

/**
 * The Obmen mark and name, drawn inline so they follow the theme class (an <img> only sees the
 * system's colour scheme, not the one chosen on the site).
 */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const gradient = useId();
  return (
    <span className={size === 'lg' ? `${styles.logo} ${styles.lg}` : styles.logo}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" className={styles.stopA} />
            <stop offset="1" className={styles.stopB} />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
        <g fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round">
          <path d="M9 13.2a7.6 7.6 0 0 1 13.2-3.1" />
          <path d="M23.4 6.6v4.4H19" />
          <path d="M23 18.8a7.6 7.6 0 0 1-13.2 3.1" />
          <path d="M8.6 25.4V21H13" />
        </g>
      </svg>
      <span className={styles.name}>Obmen</span>
    </span>
  );
}
