import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookSecret } from '@obmen/shared/contracts';
import { apiRequest } from '../../../../lib/api-client';
import { WEBHOOKS_PATH } from './list-webhooks';
import { webhookKeys } from './query-keys';

/** POST /api/v1/Partner/webhooks/{id}/rotate: a new secret, shown once; the old one signs too for `overlapHours`. */
export function rotateWebhookSecret({
  id,
  overlapHours,
}: {
  id: string;
  overlapHours: number;
}): Promise<WebhookSecret> {
  return apiRequest<WebhookSecret>(`${WEBHOOKS_PATH}/${id}/rotate`, { json: { overlapHours } });
}

export function useRotateWebhookSecret(owner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(owner) }),
  });
}
