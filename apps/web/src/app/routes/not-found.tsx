import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { pagePath } from '@obmen/shared/routing';
import { useLanguage } from '../../hooks/use-language';
import { PageMeta } from '../../components/page-meta';
import styles from './not-found.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <section className={styles.box}>
      <PageMeta title={`${t('error.pageNotFound')} — Obmen`} notFound />
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t('error.pageNotFound')}</h1>
      <p className={styles.hint}>{t('notFound.hint')}</p>
      <div className={styles.actions}>
        <Link className={styles.button} to={pagePath(lang, 'home')}>
          {t('notFound.home')}
        </Link>
        <Link className={`${styles.button} ${styles.secondary}`} to={pagePath(lang, 'contacts')}>
          {t('notFound.contacts')}
        </Link>
      </div>
    </section>
  );
}
