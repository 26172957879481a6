import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { usePagePath } from '../../../lib/embed-frame';
import { Button } from '../../../components/ui/button';
import { ErrorIcon } from '../../../components/ui/icons';
import { useLanguage } from '../../../hooks/use-language';
import styles from './load-problem.module.css';

/** A page that could not load what it shows: the reason, a retry when one can help, the way home. */
export function LoadProblem({
  message,
  onRetry,
  title,
  children,
}: {
  message: string;
  onRetry?: () => void;
  title?: string;
  /** Another way on, shown first (a sign-in link). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const pagePath = usePagePath();
  return (
    <section className={styles.problem} role="alert">
      <ErrorIcon size={40} className={styles.icon} />
      {title ? <h1 className={styles.title}>{title}</h1> : <h1 className={styles.title}>{message}</h1>}
      {title && <p className={styles.message}>{message}</p>}
      <div className={styles.actions}>
        {children}
        {onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
        <Link to={pagePath(lang, 'home')}>{t('ticketCommon.toHome')}</Link>
      </div>
    </section>
  );
}
