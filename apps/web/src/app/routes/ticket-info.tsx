import { useTranslation } from '../../lib/i18n';
import { useParams } from 'react-router';
import { TicketView } from '../../features/tickets/components/ticket-view';
import { ticketQueryOptions } from '../../features/tickets/api/get-ticket';
import { PageMeta } from '../../components/page-meta';
import { ReceiptOffer } from '../../features/receipts/components/receipt-offer';
import { DrawInBrowser, type PageLoader } from '../load-context';

/**
 * The server draws a visitor's ticket (its link opens it for whoever holds it) so the page shows
 * before the scripts run; a signed-in user's, an unknown id or a failed read the browser draws,
 * with its own words for each. In the browser the ticket is asked for at once, not awaited: the
 * page shows its loading state meanwhile.
 */
export const loader: PageLoader = async ({ params, context }) => {
  const ticket = ticketQueryOptions(params.id ?? '', context.lang);
  if (!import.meta.env.SSR) {
    void context.queryClient.prefetchQuery(ticket);
    return null;
  }
  try {
    await context.queryClient.fetchQuery({ ...ticket, retry: false });
  } catch {
    throw new DrawInBrowser();
  }
  return null;
};

function Page() {
  const { id = '' } = useParams();
  // A new id is a new ticket: nothing of the previous one may linger.
  return <TicketView key={id} id={id} onSuccess={<ReceiptOffer ticketId={id} />} />;
}

/** A page of one person's own, never indexed. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={`${t('pages.ticket_info')} — Obmen`} noindex />
      <Page />
    </>
  );
}
