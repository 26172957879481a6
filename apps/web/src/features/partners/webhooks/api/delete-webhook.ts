import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { WEBHOOKS_PATH } from './list-webhooks';
import { webhookKeys } from './query-keys';

/** DELETE /api/v1/Partner/webhooks/{id}: the endpoint and its delivery log go. */
export function deleteWebhook(id: string): Promise<void> {
  return apiRequest<void>(`${WEBHOOKS_PATH}/${id}`, { method: 'DELETE' });
}

export function useDeleteWebhook(owner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(owner) }),
  });
}
