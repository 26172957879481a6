import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddEmbedOriginBody, EmbedOrigin } from '@obmen/shared/contracts';
import { apiRequest } from '../../../../lib/api-client';
import { embedKeys } from './query-keys';

/** POST /api/v1/Partner/embed/origins: the server normalizes the address and answers the stored one. */
export function addEmbedOrigin(body: AddEmbedOriginBody): Promise<EmbedOrigin> {
  return apiRequest<EmbedOrigin>('/api/v1/Partner/embed/origins', { json: body });
}

export function useAddEmbedOrigin(owner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEmbedOrigin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: embedKeys.settings(owner) }),
  });
}
