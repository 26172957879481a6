import { useTranslation } from 'react-i18next';
import type { CurrencySide } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { FireIcon } from '../../../components/ui/fire-icon';
import { useCurrencies } from '../api/get-currencies';
import styles from './currency-list.module.css';

export function CurrencyList({ side, lang }: { side: CurrencySide; lang: Lang }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useCurrencies(side, lang);
  const headingId = `currencies-${side}`;

  return (
    <section className={styles.panel} aria-labelledby={headingId} aria-busy={isPending}>
      <h2 id={headingId} className={styles.heading}>
        {t(side === 'give' ? 'home.give' : 'home.get')}
      </h2>
      {isPending && <p className={styles.muted}>{t('common.loading')}</p>}
      {isError && (
        <p className={styles.muted}>
          {t('error.unexpected')}{' '}
          <button type="button" className={styles.retry} onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {data && (
        <ul className={styles.list} data-testid={`currency-list-${side}`}>
          {data.map((currency) => (
            <li key={currency.codeName} className={styles.item}>
              <img className={styles.icon} src={currency.iconPath} alt="" width={28} height={28} />
              <span className={styles.name}>{currency.name}</span>
              <span className={styles.code}>{currency.valute}</span>
              {currency.highlighted ? <FireIcon label={t('home.popular')} /> : <span />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
