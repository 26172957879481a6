import { useMutation } from '@tanstack/react-query';
import type { ReceiptVerdict } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { receiptKeys } from './query-keys';

/** POST /api/v1/receipts/verify: the server's one check of a receipt's text, and why it passed or not. */
export function verifyReceipt(text: string, lang: Lang): Promise<ReceiptVerdict> {
  return apiRequest('/api/v1/receipts/verify', { method: 'POST', json: { text }, lang });
}

export function useVerifyReceipt(lang: Lang) {
  return useMutation({
    mutationKey: receiptKeys.mutation('verify'),
    mutationFn: (text: string) => verifyReceipt(text, lang),
  });
}
