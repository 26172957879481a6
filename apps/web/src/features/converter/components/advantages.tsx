import { memo, useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { Lang } from '@obmen/shared/i18n';
import { pagePath, type PageRouteName } from '@obmen/shared/routing';
import styles from './home-sections.module.css';

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

// Six facts of the business (spec §1), each with a line icon and, where there is one, its page.
const ITEMS: { key: string; page?: PageRouteName; icon: ReactNode }[] = [
  {
    key: 'allDay',
    icon: (
      <>
        <circle cx="12" cy="12" r="9" {...stroke} />
        <path d="M12 7v5l3 2" {...stroke} />
      </>
    ),
  },
  {
    key: 'rate',
    icon: (
      <>
        <path d="M3 17l5-5 4 4 8-8" {...stroke} />
        <path d="M15 8h5v5" {...stroke} />
      </>
    ),
  },
  {
    key: 'manual',
    page: 'faq',
    icon: (
      <>
        <circle cx="10" cy="8" r="4" {...stroke} />
        <path d="M3 20c0-3.9 3.1-7 7-7 1.2 0 2.3.3 3.3.8" {...stroke} />
        <path d="m15 18 2 2 4-4" {...stroke} />
      </>
    ),
  },
  {
    key: 'discount',
    page: 'register',
    icon: (
      <>
        <path d="M5 19 19 5" {...stroke} />
        <circle cx="7" cy="7" r="2.5" {...stroke} />
        <circle cx="17" cy="17" r="2.5" {...stroke} />
      </>
    ),
  },
  {
    key: 'referral',
    page: 'partner',
    icon: (
      <>
        <circle cx="8" cy="8" r="3" {...stroke} />
        <circle cx="17" cy="10" r="2.5" {...stroke} />
        <path
          d="M2.5 19c0-3 2.5-5.5 5.5-5.5s5.5 2.5 5.5 5.5M14.5 14.5c.8-.4 1.6-.6 2.5-.6 2.5 0 4.5 2 4.5 4.6"
          {...stroke}
        />
      </>
    ),
  },
  {
    key: 'security',
    page: 'aml',
    icon: (
      <>
        <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.4 7.5 9.5 4.3-1.1 7.5-4.9 7.5-9.5V6z" {...stroke} />
        <path d="m9 12 2 2 4-4" {...stroke} />
      </>
    ),
  },
];

/** Six advantage blocks under the converter (spec §2); memoised, as a quote re-renders the page. */
export const Advantages = memo(function Advantages({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className={styles.advantages} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {t('home.advantages.title')}
      </h2>
      <ul className={styles.grid}>
        {ITEMS.map(({ key, page, icon }) => (
          <li key={key} className={styles.item}>
            <svg className={styles.itemIcon} viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              {icon}
            </svg>
            <h3 className={styles.itemTitle}>{t(`home.advantages.${key}.title`)}</h3>
            <p className={styles.itemText}>{t(`home.advantages.${key}.text`)}</p>
            {page && (
              <Link className={styles.itemLink} to={pagePath(lang, page)}>
                {t(`home.advantages.${key}.link`)}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
});
