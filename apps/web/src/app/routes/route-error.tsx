import { useTranslation } from '../../lib/i18n';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found';

/** Errors inside the layout: a 404 shows the not-found page, anything else a short apology. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section role="alert">
      <h1>{t('error.unexpected')}</h1>
    </section>
  );
}
