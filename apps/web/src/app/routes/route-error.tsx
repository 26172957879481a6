import { useTranslation } from '../../lib/i18n';

/** A page that failed to load or to draw: a short apology inside the site's frame. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <section role="alert">
      <h1>{t('error.unexpected')}</h1>
    </section>
  );
}
