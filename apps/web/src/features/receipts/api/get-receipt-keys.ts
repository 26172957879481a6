import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceiptKeys } from '@obmen/shared/contracts';
import { apiGet } from '../../../lib/api-client';
import { readThrough } from '../../../lib/query-client';
import { receiptKeys } from './query-keys';

/** Where anyone reads the public keys that sign receipts. */
export const RECEIPT_KEYS_PATH = '/.well-known/obmen-receipt-keys.json';

export function getReceiptKeys(signal?: AbortSignal): Promise<ReceiptKeys> {
  return apiGet<ReceiptKeys>({ path: RECEIPT_KEYS_PATH }, signal);
}

export const receiptKeysQueryOptions = () =>
  queryOptions({
    queryKey: receiptKeys.keys(),
    queryFn: ({ client, signal }) => readThrough(client, 'receiptKeys', getReceiptKeys)(signal),
    staleTime: 5 * 60_000,
  });

export function useReceiptKeys() {
  return useQuery(receiptKeysQueryOptions());
}
