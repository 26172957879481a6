import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../hooks/use-language';
import { useDocumentTitle } from '../../hooks/use-document-title';
import styles from './not-found.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(`${t('error.pageNotFound')} — Obmen`);
  return (
    <section className={styles.box}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t('error.pageNotFound')}</h1>
      <Link className={styles.button} to={`/${lang}/`}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
