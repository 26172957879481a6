import { useParams } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { ReceiptSheet } from '../../features/receipts/components/receipt-sheet';
import { useTranslation } from '../../lib/i18n';

/** A successful ticket's printable, signed receipt: one person's own, never indexed; the browser draws it. */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <>
      <PageMeta title={`${t('pages.ticket_receipt')} — Obmen`} noindex />
      <ReceiptSheet key={id} ticketId={id} />
    </>
  );
}
