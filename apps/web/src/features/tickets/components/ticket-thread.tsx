import type { TicketThread as Thread } from '@obmen/shared/contracts';
import { MessageComposer } from '../../../components/ui/message-composer';
import { Spinner } from '../../../components/ui/spinner';
import { useLanguage } from '../../../hooks/use-language';
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
  const post = usePostTicketMessage(ticketId, useLanguage());
  return (
    <MessageComposer
      label={t('ticketThread.label')}
      left={(count) => t('ticketThread.left', { count })}
      send={t('ticketThread.send')}
      sending={post}
      maxLength={maxLength}
    />
  );
}
