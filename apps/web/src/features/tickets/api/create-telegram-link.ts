import { useMutation } from '@tanstack/react-query';
import type { TelegramDeepLink } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/** POST /api/v1/Tickets/{id}/telegram: a one-time `https://t.me/<bot>?start=<token>` link. */
export function createTelegramLink(id: string, lang: Lang): Promise<TelegramDeepLink> {
  return apiRequest<TelegramDeepLink>(`/api/v1/Tickets/${encodeURIComponent(id)}/telegram`, { method: 'POST', lang });
}

export function useCreateTelegramLink(id: string, lang: Lang) {
  return useMutation({
    mutationKey: ticketKeys.mutation('telegramLink'),
    mutationFn: () => createTelegramLink(id, lang),
  });
}
