import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrencySide } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiGet, type GetCall } from '../../../lib/api-client';
import { converterKeys } from './query-keys';
import { readThrough } from '../../../lib/query-client';

/** GET /api/v1/Exchange/get_currency_message: the operator's note for a currency on one side, or ''. */
export async function getCurrencyMessage(
  code: string,
  side: CurrencySide,
  lang: Lang,
  signal?: AbortSignal,
): Promise<string> {
  const { message } = await apiGet<{ message: string }>(messageCall(code, side, lang), signal);
  return message;
}

const messageCall = (code: string, side: CurrencySide, lang: Lang): GetCall => ({
  path: '/api/v1/Exchange/get_currency_message',
  query: { currencyName: code, direction: side },
  lang,
});

export const currencyMessageQueryOptions = (code: string, side: CurrencySide, lang: Lang) =>
  queryOptions({
    queryKey: converterKeys.message(code, side, lang),
    queryFn: ({ client, signal }) =>
      readThrough(client, 'currencyMessage', getCurrencyMessage)(code, side, lang, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useCurrencyMessage(code: string | null, side: CurrencySide, lang: Lang) {
  return useQuery({ ...currencyMessageQueryOptions(code ?? '', side, lang), enabled: code !== null });
}
