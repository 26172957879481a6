import { useTranslation } from '../../lib/i18n';
import type { TicketTelegramLog } from '@obmen/shared/admin';
import type { Lang } from '@obmen/shared/i18n';
import { useAdminQuery } from '../api/resources';
import { formatDateTime } from '../components/format';
import styles from '../components/desk.module.css';

/** The ticket's Telegram delivery log (issue 46): how many chats follow it, and each message's fate. */
export function TicketPanelTelegram({ ticketId, lang }: { ticketId: string; lang: Lang }) {
  const { t } = useTranslation();
  const log = useAdminQuery<TicketTelegramLog>(`ticket-telegram-${ticketId}`, `/tickets/${ticketId}/telegram`);
  if (!log.data) return null;
  const { chats, messages } = log.data;
  return (
    <div className={styles.section} data-testid="ticket-telegram-log">
      <h3 className={styles.subtitle}>{t('admin.ticket.telegram')}</h3>
      <p className={styles.muted}>
        {chats > 0 ? t('admin.ticket.telegramChats', { count: chats }) : t('admin.ticket.telegramNone')}
      </p>
      {messages.length > 0 && (
        <ul className={styles.plainList}>
          {messages.map((m) => (
            <li key={m.id} className={styles.small}>
              {formatDateTime(m.createdAt, lang)} · {m.kind} · {t(`admin.telegram.states.${m.state}`)}
              {m.attempts > 1 && ` · ${t('admin.telegram.attempts', { count: m.attempts })}`}
              {m.lastError && <span className={styles.muted}> · {m.lastError}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
