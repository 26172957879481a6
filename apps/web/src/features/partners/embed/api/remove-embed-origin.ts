import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { embedKeys } from './query-keys';

/** DELETE /api/v1/Partner/embed/origins/{id}: the site can no longer frame the widget. */
export function removeEmbedOrigin(id: string): Promise<void> {
  return apiRequest<void>(`/api/v1/Partner/embed/origins/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveEmbedOrigin(owner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeEmbedOrigin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: embedKeys.settings(owner) }),
  });
}
