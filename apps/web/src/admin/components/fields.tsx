import type { ChangeEvent, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
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

type AreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'> & {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  onChange: InputChange;
};

// The form hook's handlers read only `target.value`, which a textarea and a select have too.
type InputChange = (event: ChangeEvent<HTMLInputElement>) => void;
const asInputChange = (handler: InputChange) => (event: ChangeEvent<HTMLTextAreaElement | HTMLSelectElement>) =>
  handler(event as unknown as ChangeEvent<HTMLInputElement>);

/** A labelled multi-line input with its hint and error tied to it. */
export function TextAreaField({ id, label, error, hint, className, onChange, ...area }: AreaProps) {
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
        onChange={asInputChange(onChange)}
        {...area}
      />
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange'> & {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
  onChange: InputChange;
};

/** A labelled native select: the keyboard and screen reader behaviour everyone knows. */
export function SelectField({ id, label, error, hint, options, className, onChange, ...select }: SelectProps) {
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
        onChange={asInputChange(onChange)}
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
