import type { CurrencySide } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';

export const currencyKeys = {
  all: ['currencies'] as const,
  list: (side: CurrencySide, lang: Lang) => [...currencyKeys.all, side, lang] as const,
};
