import { useId } from 'react';
import { sayMessage, useTranslation } from '../../lib/i18n';
import type { Lang } from '@obmen/shared/i18n';
import { issueText } from '@obmen/shared/issue-text';
import styles from './desk.module.css';

export interface RowColumn<R> {
  key: keyof R & string;
  label: string;
  type?: 'text' | 'textarea' | 'select' | 'checkbox';
  options?: readonly { value: string; label: string }[];
  wide?: boolean;
}

type Row = Record<string, string | boolean>;

/** Errors of a list checked by a zod array schema, by `row.key`: what the rows editor shows under each input. */
export function rowErrors(
  schema: {
    safeParse(v: unknown): { success: boolean; error?: { issues: Parameters<typeof issueText>[0][] } };
  },
  rows: unknown[],
  lang: Lang,
): Record<string, string> {
  const result = schema.safeParse(rows);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.length >= 2 ? `${String(issue.path[0])}.${String(issue.path[1])}` : '*';
    errors[key] ??= issueText(issue, (key, params) => sayMessage(lang, key, params));
  }
  return errors;
}

/**
 * An editable list of small records (requisite fields, receiving requisites, FAQ entries, bands):
 * each row a group of labelled inputs, with move up, move down and remove.
 */
export function RowsEditor<R extends Row>({
  legend,
  rows,
  onChange,
  columns,
  newRow,
  errors = {},
  disabled = false,
  addLabel,
}: {
  legend: string;
  rows: R[];
  onChange: (rows: R[]) => void;
  columns: readonly RowColumn<R>[];
  newRow: () => R;
  errors?: Record<string, string>;
  disabled?: boolean;
  addLabel: string;
}) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const set = (index: number, key: keyof R, value: string | boolean) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  const move = (index: number, by: number) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    onChange(next);
  };
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend>{legend}</legend>
      {errors['*'] && <p className={styles.inlineError}>{errors['*']}</p>}
      {rows.length === 0 && <p className={`${styles.muted} ${styles.small} ${styles.flush}`}>{t('admin.rows.none')}</p>}
      <div className={styles.rows}>
        {rows.map((row, index) => (
          <div key={index} className={styles.row} role="group" aria-label={`${legend} ${index + 1}`}>
            {columns.map((column) => {
              const id = `${idPrefix}-${index}-${column.key}`;
              const error = errors[`${index}.${column.key}`];
              const common = {
                id,
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? `${id}-error` : undefined,
              };
              if (column.type === 'checkbox') {
                return (
                  <label key={column.key} className={styles.rowCheck} htmlFor={id}>
                    <input
                      type="checkbox"
                      {...common}
                      checked={row[column.key] === true}
                      onChange={(event) => set(index, column.key, event.target.checked)}
                    />
                    {column.label}
                  </label>
                );
              }
              return (
                <div key={column.key} className={`${styles.rowField} ${column.wide ? styles.wide : ''}`}>
                  <label htmlFor={id}>
                    <span>{column.label}</span>
                  </label>
                  {column.type === 'select' ? (
                    <select
                      {...common}
                      className={styles.compactInput}
                      value={String(row[column.key])}
                      onChange={(event) => set(index, column.key, event.target.value)}
                    >
                      {column.options?.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  ) : column.type === 'textarea' ? (
                    <textarea
                      {...common}
                      className={styles.textarea}
                      rows={3}
                      value={String(row[column.key])}
                      onChange={(event) => set(index, column.key, event.target.value)}
                    />
                  ) : (
                    <input
                      {...common}
                      className={styles.compactInput}
                      value={String(row[column.key])}
                      onChange={(event) => set(index, column.key, event.target.value)}
                      autoComplete="off"
                      spellCheck={false}
                    />
                  )}
                  {error && (
                    <p id={`${id}-error`} className={styles.inlineError}>
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
            <div className={styles.rowTools}>
              <button
                type="button"
                className={styles.smallButton}
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={t('admin.rows.up', { n: index + 1 })}
              >
                ↑
              </button>
              <button
                type="button"
                className={styles.smallButton}
                disabled={index === rows.length - 1}
                onClick={() => move(index, 1)}
                aria-label={t('admin.rows.down', { n: index + 1 })}
              >
                ↓
              </button>
              <button
                type="button"
                className={`${styles.smallButton} ${styles.danger}`}
                onClick={() => onChange(rows.filter((_, i) => i !== index))}
              >
                {t('admin.rows.remove')}
              </button>
            </div>
          </div>
        ))}
      </div>
      <div>
        <button type="button" className={styles.smallButton} onClick={() => onChange([...rows, newRow()])}>
          + {addLabel}
        </button>
      </div>
    </fieldset>
  );
}
