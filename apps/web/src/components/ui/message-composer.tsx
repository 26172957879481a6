import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/report-error';
import { Button } from './button';
import { FormAlert } from './form-alert';
import styles from './message-composer.module.css';

/** What the composer needs of the call that sends a message (a TanStack mutation fits). */
interface Sending {
  mutate: (body: { body: string }, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: unknown;
}

/**
 * A message on a ticket (issue 46), for the customer's page and the console alike: a text with the
 * characters left, the server's word on the text under the field, any other refusal above the
 * button. `tools` gets `insert` to put a text in (the console's canned replies).
 */
export function MessageComposer({
  label,
  left,
  send,
  sending,
  maxLength,
  tools,
}: {
  label: string;
  left: (count: number) => string;
  send: string;
  sending: Sending;
  maxLength: number;
  tools?: (insert: (text: string) => void) => ReactNode;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const { error } = sending;
  const fieldErrors =
    error instanceof ApiError ? (error.parameterErrors?.find((e) => e.name === 'body')?.messages ?? []) : [];
  const refusal =
    error && fieldErrors.length === 0
      ? [error instanceof ApiError && error.errorMessage ? error.errorMessage : errorMessage(error)]
      : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    sending.mutate({ body: text }, { onSuccess: () => setText('') });
  };
  const insert = (value: string) => setText((current) => (current.trim() ? `${current}\n${value}` : value));

  return (
    <form className={styles.composer} onSubmit={submit} noValidate>
      {tools?.(insert)}
      <label htmlFor={`${id}-text`} className={styles.label}>
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        className={styles.textarea}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={maxLength}
        rows={4}
        aria-describedby={`${id}-count${fieldErrors.length ? ` ${id}-error` : ''}`}
        aria-invalid={fieldErrors.length > 0 || undefined}
      />
      <p id={`${id}-count`} className={styles.counter}>
        {left(maxLength - text.length)}
      </p>
      {fieldErrors.length > 0 && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {fieldErrors.join(' ')}
        </p>
      )}
      <FormAlert messages={refusal} />
      <div>
        <Button type="submit" loading={sending.isPending} disabled={!text.trim()}>
          {send}
        </Button>
      </div>
    </form>
  );
}
