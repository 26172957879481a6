import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookBody, WebhookSecret } from '@obmen/shared/contracts';
import { apiRequest } from '../../../../lib/api-client';
import { WEBHOOKS_PATH } from './list-webhooks';
import { webhookKeys } from './query-keys';

/** POST /api/v1/Partner/webhooks: the answer holds the signing secret, shown this once. */
export function createWebhook(body: CreateWebhookBody): Promise<WebhookSecret> {
  return apiRequest<WebhookSecret>(WEBHOOKS_PATH, { json: body });
}

export function useCreateWebhook(owner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(owner) }),
  });
}
