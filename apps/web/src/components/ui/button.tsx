import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './button.module.css';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Shows a spinner and this text, and blocks further clicks, while a request runs. */
  loading?: boolean;
  loadingText?: ReactNode;
  variant?: 'primary' | 'secondary';
  block?: boolean;
}

export function Button({
  loading = false,
  loadingText,
  variant = 'primary',
  block = false,
  className,
  children,
  disabled,
  type = 'button',
  ...props
}: ButtonProps) {
  const classes = [styles.button, variant === 'secondary' && styles.secondary, block && styles.block, className];
  return (
    <button
      type={type}
      className={classes.filter(Boolean).join(' ')}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <span className={styles.spinner} aria-hidden="true" />}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
