import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { PageMeta } from '../../../components/page-meta';
import { ApiTimeoutError } from '../../../lib/api-client';
import styles from './content-states.module.css';

export function ContentLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading}>
      <Spinner label={t('common.loading')} />
    </div>
  );
}

/** The text could not be loaded: say why in a word and offer to try again. */
export function ContentError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className={styles.box} role="alert">
      <h1 className={styles.title}>{t('content.error.title')}</h1>
      <p className={styles.text}>{t(error instanceof ApiTimeoutError ? 'error.timeout' : 'content.error.text')}</p>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </section>
  );
}

/** What a link pointed at is not there (a news item that was removed, a mistyped id). */
/** Content that does not exist (its page answers 404): kept out of search engines, with a way on. */
export function ContentNotFound({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <section className={styles.box} aria-labelledby="content-not-found">
      <PageMeta title={`${title} — Obmen`} notFound />
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="content-not-found" className={styles.title}>
        {title}
      </h1>
      <p className={styles.text}>{text}</p>
      {action}
    </section>
  );
}

/** A primary-looking link for the not-found and empty states. */
export function ActionLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link className={styles.action} to={to}>
      {children}
    </Link>
  );
}
