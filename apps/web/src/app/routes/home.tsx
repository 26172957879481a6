import { useTranslation } from 'react-i18next';
import { CurrencyList } from '../../features/currencies/components/currency-list';
import { useLanguage } from '../../hooks/use-language';
import { useDocumentTitle } from '../../hooks/use-document-title';
import styles from './home.module.css';

export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();
  useDocumentTitle(t('home.metaTitle'));
  return (
    <>
      <h1 className={styles.title}>{t('home.heading')}</h1>
      <div className={styles.lists}>
        <CurrencyList side="give" lang={lang} />
        <CurrencyList side="get" lang={lang} />
      </div>
    </>
  );
}
