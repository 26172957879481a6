import { useTranslation } from '../../lib/i18n';
import { useParams } from 'react-router';
import { CardVerify } from '../../features/tickets/components/card-verify';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useDocumentTitle(`${t('pages.card_verify')} — Obmen`);
  // A new id is a new ticket: nothing of the previous one may linger.
  return <CardVerify key={id} id={id} />;
}
