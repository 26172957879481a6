import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedPartnerKey, CreatePartnerKeyBody } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { partnerKeys } from './query-keys';

/** POST /api/v1/Partner/keys: the answer holds the secret, the only time it is ever sent. */
export function createPartnerKey(body: CreatePartnerKeyBody): Promise<CreatedPartnerKey> {
  return apiRequest<CreatedPartnerKey>('/api/v1/Partner/keys', { json: body });
}

/** The list is read again; the secret stays with the caller, never in the query cache. */
export function useCreatePartnerKey(owner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPartnerKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnerKeys.keys(owner) }),
  });
}
