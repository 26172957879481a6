import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { isLang } from '@obmen/shared/i18n';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/report-error';
import { useAnswerTicket, useMarkThreadRead, useTicketThread } from '../api/ticket-messages';
import { CannedReplyPicker } from '../components/canned-reply-picker';
import { formatDateTime } from '../components/format';
import { QueryState } from '../components/query-state';
import styles from '../components/desk.module.css';

/**
 * The thread in the ticket panel (issue 46): the customer's messages and the operators' answers,
 * as text; unread ones are marked until someone answers or marks the thread read.
 */
export function TicketThread({ ticketId }: { ticketId: string }) {
  const { t, i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ru';
  const thread = useTicketThread(ticketId);
  const markRead = useMarkThreadRead(ticketId);
  const headingId = useId();
  const unread = thread.data?.items.filter((m) => m.author === 'customer' && !m.readAt).length ?? 0;

  return (
    <div className={styles.section} aria-labelledby={headingId} role="region" data-testid="ticket-thread">
      <div className={styles.header}>
        <h3 id={headingId} className={styles.subtitle}>
          {t('admin.thread.title')}{' '}
          {unread > 0 && (
            <span className={styles.count}>
              {unread}
              <span className="visually-hidden"> {t('admin.thread.unreadHint')}</span>
            </span>
          )}
        </h3>
        {unread > 0 && (
          <button
            type="button"
            className={styles.smallButton}
            disabled={markRead.isPending}
            onClick={() => markRead.mutate()}
          >
            {t('admin.thread.markRead')}
          </button>
        )}
      </div>
      {!thread.data ? (
        <QueryState error={thread.error} onRetry={() => void thread.refetch()} />
      ) : (
        <>
          {thread.data.items.length === 0 ? (
            <p className={styles.muted}>{t('admin.thread.empty')}</p>
          ) : (
            <ol className={styles.plainList} data-testid="console-messages">
              {thread.data.items.map((message) => {
                const fromCustomer = message.author === 'customer';
                return (
                  <li key={message.id}>
                    <div className={`${styles.small} ${styles.muted}`}>
                      <strong>
                        {fromCustomer
                          ? t('admin.thread.customer')
                          : (message.operator ?? t('admin.ticket.actors.operator'))}
                      </strong>{' '}
                      · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, lang)}</time>
                      {fromCustomer && !message.readAt && <> · {t('admin.thread.unread')}</>}
                      {!fromCustomer && message.readAt && <> · {t('admin.thread.readByCustomer')}</>}
                    </div>
                    <p className={styles.pre}>{message.body}</p>
                  </li>
                );
              })}
            </ol>
          )}
          <Composer ticketId={ticketId} maxLength={thread.data.maxLength} />
        </>
      )}
    </div>
  );
}

function Composer({ ticketId, maxLength }: { ticketId: string; maxLength: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const answer = useAnswerTicket(ticketId);
  const fieldErrors =
    answer.error instanceof ApiError
      ? (answer.error.parameterErrors?.find((e) => e.name === 'body')?.messages ?? [])
      : [];
  const refusal =
    answer.error && fieldErrors.length === 0
      ? [
          answer.error instanceof ApiError && answer.error.errorMessage
            ? answer.error.errorMessage
            : errorMessage(answer.error),
        ]
      : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    answer.mutate({ body: text }, { onSuccess: () => setText('') });
  };
  const insert = (value: string) => setText((current) => (current.trim() ? `${current}\n${value}` : value));

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <CannedReplyPicker ticketId={ticketId} onPick={insert} />
      <label htmlFor={`${id}-text`}>{t('admin.thread.answer')}</label>
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
      <p id={`${id}-count`} className={`${styles.small} ${styles.muted}`}>
        {t('admin.thread.left', { count: maxLength - text.length })}
      </p>
      {fieldErrors.length > 0 && (
        <p id={`${id}-error`} className={styles.inlineError} role="alert">
          {fieldErrors.join(' ')}
        </p>
      )}
      <FormAlert messages={refusal} />
      <div>
        <Button type="submit" loading={answer.isPending} disabled={!text.trim()}>
          {t('admin.thread.send')}
        </Button>
      </div>
    </form>
  );
}
