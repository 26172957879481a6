import { useState } from 'react';
import { FormCard } from '../../components/ui/form-card';
import { SentNotice } from '../../components/ui/sent-notice';
import { FindTicketForm } from '../../features/tickets/components/find-ticket-form';
import { useTranslation } from '../../lib/i18n';
import { PageMeta } from '../../components/page-meta';

/** A visitor's way back to a ticket whose link is lost: its number and e-mail get the link mailed again. */
function Page() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<number | null>(null);
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

/** A page of one person's own, never indexed; the browser draws it. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={`${t('pages.find_ticket')} — Obmen`} noindex />
      <Page />
    </>
  );
}
