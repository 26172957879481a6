import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import fieldStyles from '../../components/ui/field.module.css';
import styles from './desk.module.css';

export { CheckboxField, TextField } from '../../components/ui/text-field';

function Messages({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </>
  );
}

const describedBy = (id: string, hint: ReactNode, error: string | undefined) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled multi-line input with its hint and error tied to it. */
export function TextAreaField({ id, label, error, hint, className, ...area }: AreaProps) {
  return (
    <div className={`${fieldStyles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...area}
      />
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
};

/** A labelled native select: the keyboard and screen reader behaviour everyone knows. */
export function SelectField({ id, label, error, hint, options, className, ...select }: SelectProps) {
  return (
    <div className={`${fieldStyles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select
        id={id}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}
