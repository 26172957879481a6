import type { Lang } from '@obmen/shared/i18n';
import { formatAmount } from '../../../lib/format-amount';

/** Roubles as each language writes them: "3 000 ₽", "3,000 RUB". */
export const roubles = (value: string, lang: Lang) => formatAmount(value, lang, { unit: lang === 'ru' ? '₽' : 'RUB' });
