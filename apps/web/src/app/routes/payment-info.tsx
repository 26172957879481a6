import { useTranslation } from '../../lib/i18n';
import { useParams } from 'react-router';
import { PaymentInfo } from '../../features/tickets/components/payment-info';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useDocumentTitle(`${t('pages.payment_info')} — Obmen`);
  // A new id is a new ticket: nothing of the previous one may linger.
  return <PaymentInfo key={id} id={id} />;
}
