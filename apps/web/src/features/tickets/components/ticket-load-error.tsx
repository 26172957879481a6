import { Link } from 'react-router';
import { pagePath } from '@obmen/shared/routing';
import { useLanguage } from '../../../hooks/use-language';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { isTicketMissing } from '../api/get-ticket';
import { LoadProblem } from './load-problem';

/**
 * 'Заявка не найдена' for a 400 or 404, 'Произошла непредвиденная ошибка' for anything else (spec
 * §7, §8); a user's ticket opened signed out asks to sign in, and the sign-in comes back here.
 */
export function TicketLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (error instanceof ApiError && error.status === 401) {
    return (
      <LoadProblem message={error.errorMessage ?? t('ticketSignIn')}>
        <Link to={pagePath(lang, 'login')} data-testid="ticket-sign-in">
          {t('ticketSignIn')}
        </Link>
      </LoadProblem>
    );
  }
  if (isTicketMissing(error)) return <LoadProblem message={t('ticket.notFound')} />;
  return <LoadProblem message={t('ticketCommon.unexpected')} onRetry={onRetry} />;
}
