import { FormCard } from '../../components/ui/form-card';
import { FindTicketForm } from '../../features/tickets/components/find-ticket-form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useTranslation } from '../../lib/i18n';

/** A visitor's way back to a ticket whose link is lost: its number and e-mail. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('pages.find_ticket')} — Obmen`);
  return (
    <FormCard title={t('findTicket.title')} intro={<p>{t('findTicket.hint')}</p>}>
      <FindTicketForm />
    </FormCard>
  );
}
