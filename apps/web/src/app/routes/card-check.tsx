import { useTranslation } from '../../lib/i18n';
import { useParams } from 'react-router';
import { CardCheck } from '../../features/tickets/components/card-check';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useDocumentTitle(`${t('pages.card_check')} — Obmen`);
  // A new id is a new ticket: nothing of the previous one may linger.
  return <CardCheck key={id} id={id} />;
}
