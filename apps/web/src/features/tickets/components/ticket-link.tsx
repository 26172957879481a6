import { useContext } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { Ticket } from '@obmen/shared/contracts';
import { pagePath } from '@obmen/shared/routing';
import { CopyButton } from '../../../components/ui/copy-button';
import { SiteAddress } from '../../../components/page-meta';
import { useLanguage } from '../../../hooks/use-language';
import styles from './ticket-link.module.css';

/** The ticket's own link: the way back to it for a visitor without an account. */
export function TicketLink({ ticket }: { ticket: Pick<Ticket, 'id' | 'number'> }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  // The site's public address (the server draws a visitor's ticket page too); a bare render in a
  // test has none and takes the window's.
  const origin = useContext(SiteAddress) || window.location.origin;
  const url = `${origin}${pagePath(lang, 'ticket_info', { id: ticket.id })}`;
  return (
    <section className={styles.box} aria-labelledby={`ticket-link-${ticket.id}`}>
      <h2 id={`ticket-link-${ticket.id}`} className={styles.title}>
        {t('ticketCommon.linkTitle')}
      </h2>
      <p className={styles.hint}>{t('ticketCommon.linkHint')}</p>
      <p className={styles.row}>
        <a className={styles.url} href={url}>
          {url}
        </a>
        <CopyButton text={url} copiedMessage={t('ticketCommon.linkCopied')} label={t('ticketCommon.copyLink')} />
      </p>
    </section>
  );
}
