import { useTranslation } from '../../../lib/i18n';
import { Link } from 'react-router';
import type { Lang } from '@obmen/shared/i18n';
import { pagePath } from '@obmen/shared/routing';
import { CopyButton } from '../../../components/ui/copy-button';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/format-date';
import { useActivePromoCodes } from '../api/get-active-promo-codes';
import { roubles } from './promo-value';
import styles from './promo.module.css';

/** The codes the user can still use: copy one, or take it straight to the converter. */
export function ActivePromoCodes({ owner, lang }: { owner: string; lang: Lang }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useActivePromoCodes(owner);

  return (
    <section className={styles.card} aria-labelledby="promo-active-title" aria-busy={isPending}>
      <h2 id="promo-active-title" className={styles.cardTitle}>
        {t('promoPage.activeTitle')}
      </h2>
      {isPending && <Spinner label={t('common.loading')} />}
      {isError && (
        <p className={styles.muted}>
          {t('promoPage.loadFailed')}{' '}
          <button type="button" className={styles.linkButton} onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {data && data.length === 0 && <p className={styles.muted}>{t('promoPage.activeEmpty')}</p>}
      {data && data.length > 0 && (
        <ul className={styles.codes} data-testid="active-promo-codes">
          {data.map((promo) => (
            <li key={promo.code} className={styles.code}>
              <div className={styles.codeText}>
                <span className={styles.codeValue}>{promo.code}</span>
                <CopyButton
                  text={promo.code}
                  copiedMessage={t('promoPage.copied')}
                  label={t('promoPage.copy', { code: promo.code })}
                />
              </div>
              <p className={styles.worth}>
                {t('promoPage.worth', { value: roubles(promo.valueRub, lang), minimum: roubles(promo.minRub, lang) })}
              </p>
              <p className={styles.muted}>
                {promo.expiresAt
                  ? t('promoPage.validUntil', { date: formatDate(promo.expiresAt, lang) })
                  : t('promoPage.noExpiry')}
              </p>
              <Link
                className={styles.use}
                to={`${pagePath(lang, 'home')}?promo=${encodeURIComponent(promo.code)}`}
                aria-label={t('promoPage.useLabel', { code: promo.code })}
              >
                {t('promoPage.use')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
