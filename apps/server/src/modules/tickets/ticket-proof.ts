import { formatMessage, TX_HASH_FORMATS } from '@obmen/shared';
import { ParameterError } from '../../http/errors';
import type { Catalog } from '../exchange/exchange.catalog';

/**
 * A coin payout is proven by its transaction: completing a ticket whose get currency is crypto needs
 * a hash of that currency's network (its explorer link then shows on the ticket and in the mail).
 * A card or bank payout keeps an optional reference. A refund of coins is proven the same way.
 */
export function requirePayoutProof(
  catalog: Catalog,
  code: string,
  reference: string | null,
  field: 'payoutReference' | 'refundTxid' = 'payoutReference',
) {
  const currency = catalog.get().currencies.get(code)?.row;
  if (!currency || currency.kind !== 'crypto') return;
  const hash = reference?.trim() ?? '';
  if (TX_HASH_FORMATS[currency.txHashFormat].test(hash)) return;
  const key = hash ? 'ticket.payoutTxidFormat' : 'ticket.payoutTxidRequired';
  throw new ParameterError((lang) => [
    { name: field, messages: [formatMessage(lang, key, { valute: currency.valute })] },
  ]);
}
