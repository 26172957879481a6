import { useTranslation } from '../../lib/i18n';
import { useParams } from 'react-router';
import { PaymentInfo } from '../../features/tickets/components/payment-info';
import { PageMeta } from '../../components/page-meta';

function Page() {
  const { id = '' } = useParams();
  // A new id is a new ticket: nothing of the previous one may linger.
  return <PaymentInfo key={id} id={id} />;
}

/** A page of one person's own, never indexed; the browser draws it. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={`${t('pages.payment_info')} — Obmen`} noindex />
      <Page />
    </>
  );
}
