import type { ReactNode, SelectHTMLAttributes } from 'react';
import { ChevronDownIcon } from './icons';
import styles from './field.module.css';
import selectStyles from './select-field.module.css';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { id: string };

export interface SelectFieldProps extends SelectProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled native select (keyboard, screen readers and phones' pickers for free), styled like the inputs. */
export function SelectField({ label, error, hint, id, children, className, ...select }: SelectFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <select
          id={id}
          className={[styles.input, selectStyles.select, className].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...select}
        >
          {children}
        </select>
        <ChevronDownIcon className={selectStyles.chevron} size={18} />
      </div>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
