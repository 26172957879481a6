import { useEffect } from 'react';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { useTranslation } from '../../lib/i18n';
import { log } from '../../lib/log';
import { QueryState } from './query-state';
import frame from '../admin-console.module.css';
import styles from './desk.module.css';

/**
 * A console screen that could not load or draw, inside the console's frame: the admins' screens
 * refused to an operator (403), an address the console has no screen for (404), else what went
 * wrong with a retry that runs the screen's loader again.
 */
export function ScreenError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { revalidate } = useRevalidator();
  const status = isRouteErrorResponse(error) ? error.status : null;
  useEffect(() => {
    if (status === null) log.error('a console screen failed to load or draw', error);
  }, [error, status]);
  if (status === 403 || status === 404) {
    return (
      <section role="alert" className={frame.adminOnly}>
        <h1>{t(status === 403 ? 'admin.adminOnly.title' : 'error.pageNotFound')}</h1>
        {status === 403 && <p>{t('admin.adminOnly.text')}</p>}
      </section>
    );
  }
  return (
    <div className={styles.page}>
      <QueryState error={error} onRetry={() => void revalidate()} />
    </div>
  );
}
