import type { CalculateBody, Quote } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';

/** A quote and when it reached this device, so a countdown can show its whole lifetime. */
export interface ReceivedQuote {
  quote: Quote;
  receivedAt: number;
}

/** POST form /api/v1/Exchange/calculate: the exchange priced now, with its signed token. */
export async function calculate(body: CalculateBody, lang: Lang, signal?: AbortSignal): Promise<ReceivedQuote> {
  const quote = await apiRequest<Quote>('/api/v1/Exchange/calculate', {
    lang,
    form: {
      giveName: body.giveName,
      getName: body.getName,
      sum: body.sum,
      direction: body.direction,
      useFixedDirection: String(body.useFixedDirection ?? false),
      promocode: body.promocode,
    },
    ...(signal && { signal }),
  });
  return { quote, receivedAt: Date.now() };
}
