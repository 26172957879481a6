import { useId } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useCannedRepliesFor } from '../api/desk';
import styles from './desk.module.css';

/**
 * The canned replies for one ticket (issue 46), offered wherever an operator types a reason or a
 * message: picking one hands its text — in the ticket's customer's language, its number, sums and
 * wait filled in — to `onPick`, which puts it in the field. The server fills it; nothing here does.
 */
export function CannedReplyPicker({ ticketId, onPick }: { ticketId: string; onPick: (text: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const replies = useCannedRepliesFor(ticketId);
  const items = replies.data ?? [];
  if (replies.isPending || replies.isError) return null;
  if (items.length === 0)
    return <p className={`${styles.small} ${styles.muted} ${styles.flush}`}>{t('admin.desk.replies.none')}</p>;
  return (
    <div className={styles.small}>
      <label htmlFor={id} className="visually-hidden">
        {t('admin.desk.replies.pick')}
      </label>
      <select
        id={id}
        value=""
        data-testid="canned-reply-picker"
        title={t('admin.desk.replies.inLanguage', { lang: items[0]!.lang.toUpperCase() })}
        onChange={(event) => {
          const reply = items.find((item) => item.id === event.target.value);
          if (reply) onPick(reply.text);
        }}
      >
        <option value="">
          {t('admin.desk.replies.pick')} ({items[0]!.lang.toUpperCase()})
        </option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.title}
          </option>
        ))}
      </select>
    </div>
  );
}
