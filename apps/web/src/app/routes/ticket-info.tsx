import { useTranslation } from '../../lib/i18n';
import { useParams } from 'react-router';
import { TicketView } from '../../features/tickets/components/ticket-view';
import { PageMeta } from '../../components/page-meta';
import { ReceiptOffer } from '../../features/receipts/components/receipt-offer';

function Page() {
  const { id = '' } = useParams();
  // A new id is a new ticket: nothing of the previous one may linger.
  return <TicketView key={id} id={id} onSuccess={<ReceiptOffer ticketId={id} />} />;
}

/** A page of one person's own, never indexed; the browser draws it. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={`${t('pages.ticket_info')} — Obmen`} noindex />
      <Page />
    </>
  );
}
