import { useState } from 'react';
import { FormCard } from '../../components/ui/form-card';
import { SentNotice } from '../../components/ui/sent-notice';
import { FindTicketForm } from '../../features/tickets/components/find-ticket-form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useTranslation } from '../../lib/i18n';

/** A visitor's way back to a ticket whose link is lost: its number and e-mail get the link mailed again. */
export function Component() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<number | null>(null);
  useDocumentTitle(`${t('pages.find_ticket')} — Obmen`);
  return (
    <FormCard title={t('findTicket.title')} intro={<p>{t('findTicket.hint')}</p>}>
      {sent === null ? (
        <FindTicketForm onSent={setSent} />
      ) : (
        <SentNotice
          title={t('findTicket.sentTitle')}
          message={t('findTicket.sent', { number: sent })}
          hint={t('findTicket.sentHint')}
          againLabel={t('findTicket.again')}
          onAgain={() => setSent(null)}
        />
      )}
    </FormCard>
  );
}
