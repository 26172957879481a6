import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartnerKeys } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { partnerKeys } from './query-keys';

/** GET /api/v1/Partner/keys: the account's keys, live first, and the limits on them. */
export function getPartnerKeys(signal?: AbortSignal): Promise<PartnerKeys> {
  return apiRequest<PartnerKeys>('/api/v1/Partner/keys', { ...(signal && { signal }) });
}

export const partnerKeysQueryOptions = (owner: string) =>
  queryOptions({ queryKey: partnerKeys.keys(owner), queryFn: ({ signal }) => getPartnerKeys(signal) });

export function usePartnerKeys(owner: string) {
  return useQuery(partnerKeysQueryOptions(owner));
}
