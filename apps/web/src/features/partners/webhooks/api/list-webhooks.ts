import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookEndpoint } from '@obmen/shared/contracts';
import { apiRequest } from '../../../../lib/api-client';
import { webhookKeys } from './query-keys';

export const WEBHOOKS_PATH = '/api/v1/Partner/webhooks';

/** GET /api/v1/Partner/webhooks: the account's endpoints, oldest first. */
export function listWebhooks(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  return apiRequest<WebhookEndpoint[]>(WEBHOOKS_PATH, { ...(signal && { signal }) });
}

export const webhooksQueryOptions = (owner: string) =>
  queryOptions({ queryKey: webhookKeys.list(owner), queryFn: ({ signal }) => listWebhooks(signal) });

export function useWebhooks(owner: string) {
  return useQuery(webhooksQueryOptions(owner));
}
