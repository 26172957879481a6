import type { CurrencySide } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import type { QuoteRequest } from './calculate';

export const converterKeys = {
  all: ['exchange'] as const,
  currencies: (side: CurrencySide, lang: Lang) => [...converterKeys.all, 'currencies', side, lang] as const,
  overview: (lang: Lang) => [...converterKeys.all, 'overview', lang] as const,
  directions: () => [...converterKeys.all, 'directions'] as const,
  status: (give: string, get: string, fixed: boolean) => [...converterKeys.all, 'status', give, get, fixed] as const,
  range: (give: string, get: string, fixed: boolean) => [...converterKeys.all, 'range', give, get, fixed] as const,
  reserve: (code: string) => [...converterKeys.all, 'reserve', code] as const,
  message: (code: string, side: CurrencySide, lang: Lang) =>
    [...converterKeys.all, 'message', code, side, lang] as const,
  quote: (request: QuoteRequest, lang: Lang) => [...converterKeys.all, 'quote', request, lang] as const,
  seo: (give: string, get: string, lang: Lang) => [...converterKeys.all, 'seo', give, get, lang] as const,
};
