import { useState } from 'react';
import type { Ticket } from '@obmen/shared/contracts';
import { Button } from '../../../components/ui/button';
import { useLanguage } from '../../../hooks/use-language';
import { useTranslation } from '../../../lib/i18n';
import { reportError } from '../../../lib/report-error';
import { useCreateTelegramLink } from '../api/create-telegram-link';
import { useTicketTelegram } from '../api/get-ticket-telegram';
import styles from './ticket-link.module.css';

/** Statuses after which nothing more happens to a ticket: nothing to follow. */
const FINISHED: Ticket['status'][] = ['success', 'deleted', 'error', 'refunded'];

/**
 * "Get updates in Telegram" (issue 46): a one-time deep link to the exchanger's bot; pressing Start
 * there links the chat, and every status change, the payment seen and the payout come to it.
 * Nothing is shown when the exchanger has no bot.
 */
export function TicketTelegram({ ticket }: { ticket: Pick<Ticket, 'id' | 'status'> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [url, setUrl] = useState<string | null>(null);
  const status = useTicketTelegram(ticket.id, url !== null);
  const link = useCreateTelegramLink(ticket.id, lang);
  if (!status.data?.enabled || FINISHED.includes(ticket.status)) return null;
  const linked = status.data.chats > 0;
  const titleId = `ticket-telegram-${ticket.id}`;
  return (
    <section className={styles.box} aria-labelledby={titleId} data-testid="ticket-telegram">
      <h2 id={titleId} className={styles.title}>
        {t('ticketTelegram.title')}
      </h2>
      {linked ? (
        <p className={styles.hint} role="status">
          {t('ticketTelegram.linked')}
        </p>
      ) : url ? (
        <>
          <p className={styles.hint}>{t('ticketTelegram.openHint')}</p>
          <p className={styles.row}>
            <a className={styles.url} href={url} target="_blank" rel="noopener noreferrer">
              {t('ticketTelegram.open')}
            </a>
          </p>
        </>
      ) : (
        <>
          <p className={styles.hint}>{t('ticketTelegram.hint')}</p>
          <p className={styles.row}>
            <Button
              type="button"
              variant="secondary"
              disabled={link.isPending}
              onClick={() =>
                link.mutate(undefined, {
                  onSuccess: (made) => {
                    setUrl(made.url);
                    // Opened at once where the browser allows it; the link stays on the page otherwise.
                    window.open(made.url, '_blank', 'noopener,noreferrer');
                  },
                  onError: (error) => reportError('telegram link', error),
                })
              }
            >
              {t('ticketTelegram.start')}
            </Button>
          </p>
        </>
      )}
    </section>
  );
}
