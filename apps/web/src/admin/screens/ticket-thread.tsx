import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { isLang } from '@obmen/shared/i18n';
import { MessageComposer } from '../../components/ui/message-composer';
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
  const answer = useAnswerTicket(ticketId);
  return (
    <MessageComposer
      label={t('admin.thread.answer')}
      left={(count) => t('admin.thread.left', { count })}
      send={t('admin.thread.send')}
      sending={answer}
      maxLength={maxLength}
      tools={(insert) => <CannedReplyPicker ticketId={ticketId} onPick={insert} />}
    />
  );
}
