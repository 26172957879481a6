import { useTranslation } from '../../lib/i18n';
import { useParams } from 'react-router';
import { TicketView } from '../../features/tickets/components/ticket-view';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useDocumentTitle(`${t('pages.ticket_info')} — Obmen`);
  // A new id is a new ticket: nothing of the previous one may linger.
  return <TicketView key={id} id={id} />;
}
