import { useTranslation } from 'react-i18next';
import type { Lang } from '@obmen/shared/i18n';
import { ActionLink } from './content-states';
import styles from './support-prompt.module.css';

/** The end of the FAQ: where to go when the answer is not there. */
export function SupportPrompt({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  return (
    <aside className={styles.prompt} aria-labelledby="support-prompt">
      <div>
        <h2 id="support-prompt" className={styles.title}>
          {t('content.faq.moreTitle')}
        </h2>
        <p className={styles.text}>{t('content.faq.moreText')}</p>
      </div>
      <ActionLink to={`/${lang}/contacts`}>{t('content.faq.moreAction')}</ActionLink>
    </aside>
  );
}
