import type { PriceSource, RateSource } from '@obmen/shared/contracts';
import { useTranslation } from '../lib/i18n';
import { formatMoscowClock } from '../lib/moscow-clock';
import styles from './rate-sources.module.css';

interface RateSourcesProps {
  /** Each live-priced side's sources and their time (issue 45); none for prices set by hand. */
  rateSources: RateSource[];
  /** How many network confirmations the payment needs, when the give currency's chain is watched. */
  confirmations?: number | null | undefined;
  className?: string | undefined;
}

/**
 * What makes a rate, said where the customer decides (BestChange's rule for floating rates, issue 45):
 * "BTC: median of Binance, OKX, Kraken at 14:05:12", and how many confirmations count.
 */
export function RateSources({ rateSources, confirmations = null, className }: RateSourcesProps) {
  const { t } = useTranslation();
  const name = (source: PriceSource) => t(`rateSources.names.${source}`);
  const parts = rateSources.map(({ valute, sources, at }) =>
    sources.length === 1
      ? t('rateSources.single', { valute, source: name(sources[0]!), time: formatMoscowClock(at) })
      : t('rateSources.median', { valute, sources: sources.map(name).join(', '), time: formatMoscowClock(at) }),
  );
  if (confirmations !== null) parts.push(t('rateSources.confirmations', { count: confirmations }));
  if (parts.length === 0) return null;
  return (
    <ul className={`${styles.list} ${className ?? ''}`} data-testid="rate-sources">
      {parts.map((part) => (
        <li key={part}>{part}</li>
      ))}
    </ul>
  );
}
