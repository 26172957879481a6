import { useId, useState, type FormEvent } from 'react';
import type { TicketThread as Thread } from '@obmen/shared/contracts';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useLanguage } from '../../../hooks/use-language';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { errorMessage } from '../../../lib/report-error';
import { useTicketMessages } from '../api/get-ticket-messages';
import { usePostTicketMessage } from '../api/post-ticket-message';
import styles from './ticket-thread.module.css';

/**
 * The thread on the ticket page (issue 46): the customer writes, the operator answers. Messages are
 * shown as text (React escapes them; line breaks kept by CSS), never as markup.
 */
export function TicketThread({ ticketId }: { ticketId: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const thread = useTicketMessages(ticketId, lang);
  return (
    <section className={styles.card} aria-labelledby="ticket-thread">
      <h2 id="ticket-thread" className={styles.title}>
        {t('ticketThread.title')}
      </h2>
      {thread.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : thread.isError ? (
        <p className={styles.muted}>{errorMessage(thread.error)}</p>
      ) : (
        <>
          <Messages thread={thread.data} />
          {thread.data.open ? (
            <Composer ticketId={ticketId} maxLength={thread.data.maxLength} />
          ) : (
            <p className={styles.muted} data-testid="thread-closed">
              {t('ticketThread.closed')}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function Messages({ thread }: { thread: Thread }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (thread.items.length === 0) return <p className={styles.muted}>{t('ticketThread.empty')}</p>;
  return (
    // New answers arrive on the ticket's refresh; a screen reader hears them as they come.
    <ol className={styles.messages} aria-live="polite" aria-relevant="additions" data-testid="ticket-messages">
      {thread.items.map((message) => {
        const mine = message.author === 'customer';
        return (
          <li key={message.id} className={mine ? styles.mine : styles.theirs}>
            <p className={styles.meta}>
              <span className={styles.author}>{t(mine ? 'ticketThread.you' : 'ticketThread.operator')}</span>
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, lang, 'short')}</time>
              {mine && message.readAt && <span>· {t('ticketThread.read')}</span>}
            </p>
            <p className={styles.body}>{message.body}</p>
          </li>
        );
      })}
    </ol>
  );
}

function Composer({ ticketId, maxLength }: { ticketId: string; maxLength: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const id = useId();
  const [text, setText] = useState('');
  const post = usePostTicketMessage(ticketId, lang);
  const fieldErrors =
    post.error instanceof ApiError ? (post.error.parameterErrors?.find((e) => e.name === 'body')?.messages ?? []) : [];
  const refusal =
    post.error && fieldErrors.length === 0
      ? [post.error instanceof ApiError && post.error.errorMessage ? post.error.errorMessage : errorMessage(post.error)]
      : [];
  const left = maxLength - text.length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    post.mutate({ body: text }, { onSuccess: () => setText('') });
  };

  return (
    <form className={styles.composer} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-text`} className={styles.label}>
        {t('ticketThread.label')}
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
        {t('ticketThread.left', { count: left })}
      </p>
      {fieldErrors.length > 0 && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {fieldErrors.join(' ')}
        </p>
      )}
      <FormAlert messages={refusal} />
      <div>
        <Button type="submit" loading={post.isPending} disabled={!text.trim()}>
          {t('ticketThread.send')}
        </Button>
      </div>
    </form>
  );
}
