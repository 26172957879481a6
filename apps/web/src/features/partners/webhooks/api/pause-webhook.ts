import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@obmen/shared/contracts';
import { apiRequest } from '../../../../lib/api-client';
import { WEBHOOKS_PATH } from './list-webhooks';
import { webhookKeys } from './query-keys';

/** PATCH /api/v1/Partner/webhooks/{id}: paused or resumed. */
export function pauseWebhook({ id, paused }: { id: string; paused: boolean }): Promise<WebhookEndpoint> {
  return apiRequest<WebhookEndpoint>(`${WEBHOOKS_PATH}/${id}`, { method: 'PATCH', json: { paused } });
}

export function usePauseWebhook(owner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(owner) }),
  });
}
