import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDeliveries } from '@obmen/shared/contracts';
import { apiRequest } from '../../../../lib/api-client';
import { WEBHOOKS_PATH } from './list-webhooks';
import { webhookKeys } from './query-keys';

/** GET /api/v1/Partner/webhooks/{id}/deliveries: the newest deliveries with every try. */
export function getDeliveries(id: string, signal?: AbortSignal): Promise<WebhookDeliveries> {
  return apiRequest<WebhookDeliveries>(`${WEBHOOKS_PATH}/${id}/deliveries`, { ...(signal && { signal }) });
}

export const deliveriesQueryOptions = (owner: string, id: string) =>
  queryOptions({ queryKey: webhookKeys.deliveries(owner, id), queryFn: ({ signal }) => getDeliveries(id, signal) });

export function useDeliveries(owner: string, id: string) {
  return useQuery(deliveriesQueryOptions(owner, id));
}
