import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartnerKey } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { partnerKeys } from './query-keys';

/** POST /api/v1/Partner/keys/{id}/revoke: for good; the key stays listed as revoked. */
export function revokePartnerKey(id: string): Promise<PartnerKey> {
  return apiRequest<PartnerKey>(`/api/v1/Partner/keys/${encodeURIComponent(id)}/revoke`, { method: 'POST' });
}

export function useRevokePartnerKey(owner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokePartnerKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnerKeys.keys(owner) }),
  });
}
