import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@obmen/shared/contracts';
import { apiRequest } from '../../../../lib/api-client';
import { WEBHOOKS_PATH } from './list-webhooks';
import { webhookKeys } from './query-keys';

/** POST …/deliveries/{deliveryId}/redeliver: the same event sent again now; the answer is the delivery with the new try. */
export function redeliver({ id, deliveryId }: { id: string; deliveryId: string }): Promise<WebhookDelivery> {
  return apiRequest<WebhookDelivery>(`${WEBHOOKS_PATH}/${id}/deliveries/${deliveryId}/redeliver`, { method: 'POST' });
}

export function useRedeliver(owner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliver,
    onSuccess: (_delivery, { id }) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(owner, id) }),
  });
}
