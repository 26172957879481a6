import type { Lang } from '@obmen/shared/i18n';

export const receiptKeys = {
  all: ['receipts'] as const,
  receipt: (ticketId: string, lang: Lang) => [...receiptKeys.all, 'receipt', ticketId, lang] as const,
  keys: () => [...receiptKeys.all, 'keys'] as const,
  reviewLinks: () => [...receiptKeys.all, 'review-links'] as const,
  mutation: (name: 'verify') => [...receiptKeys.all, name] as const,
};
