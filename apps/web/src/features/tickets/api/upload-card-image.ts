import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardCheckStatus } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiUpload } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

/** POST api/v1/CardCheck/uploadimage?ticketId= with the photo as the multipart field `image`. */
export function uploadCardImage(
  ticketId: string,
  file: Blob,
  lang: Lang,
  onProgress: (share: number) => void,
): Promise<CardCheckStatus> {
  const form = new FormData();
  form.append('image', file);
  return apiUpload<CardCheckStatus>('/api/v1/CardCheck/uploadimage', form, {
    query: { ticketId },
    lang,
    onProgress,
  });
}

export function useUploadCardImage(ticketId: string, lang: Lang) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ticketKeys.mutation('upload'),
    mutationFn: ({ file, onProgress }: { file: Blob; onProgress: (share: number) => void }) =>
      uploadCardImage(ticketId, file, lang, onProgress),
    onSuccess: (status) => {
      queryClient.setQueryData(ticketKeys.cardStatus(ticketId), status);
      void queryClient.invalidateQueries({ queryKey: ticketKeys.tickets(ticketId) });
    },
  });
}
