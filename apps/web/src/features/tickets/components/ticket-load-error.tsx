import { useTranslation } from '../../../lib/i18n';
import { isTicketMissing } from '../api/get-ticket';
import { LoadProblem } from './load-problem';

/** 'Заявка не найдена' for a 400 or 404, 'Произошла непредвиденная ошибка' for anything else (spec §7, §8). */
export function TicketLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (isTicketMissing(error)) return <LoadProblem message={t('ticket.notFound')} />;
  return <LoadProblem message={t('ticketCommon.unexpected')} onRetry={onRetry} />;
}
