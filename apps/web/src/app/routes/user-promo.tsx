import { useTranslation } from '../../lib/i18n';
import { useSession } from '../../features/auth/hooks/use-session';
import { ActivePromoCodes } from '../../features/promo/components/active-promo-codes';
import { DiscountCard } from '../../features/promo/components/discount-card';
import { PromoHistory } from '../../features/promo/components/promo-history';
import { useLanguage } from '../../hooks/use-language';
import styles from './user-area.module.css';
import { PageMeta } from '../../components/page-meta';

function Page() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { token } = useSession();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('promoPage.title')}</h1>
        <p className={styles.intro}>{t('promoPage.intro')}</p>
      </header>
      {/* The guard lets only logged-in users here; the session's token keys their data. */}
      {token && (
        <div className={styles.stack}>
          <ActivePromoCodes owner={token} lang={lang} />
          <PromoHistory owner={token} lang={lang} />
          <DiscountCard owner={token} lang={lang} />
        </div>
      )}
    </div>
  );
}

/** A page of one person's own, never indexed; the browser draws it. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageMeta title={`${t('promoPage.title')} — Obmen`} noindex />
      <Page />
    </>
  );
}
