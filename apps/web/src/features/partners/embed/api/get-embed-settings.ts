import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmbedSettings } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../../lib/api-client';
import { embedKeys } from './query-keys';

/** GET /api/v1/Partner/embed/origins: the sites allowed to frame the partner's widget, and its number. */
export function getEmbedSettings(lang: Lang, signal?: AbortSignal): Promise<EmbedSettings> {
  return apiRequest<EmbedSettings>('/api/v1/Partner/embed/origins', { lang, ...(signal && { signal }) });
}

export const embedSettingsQueryOptions = (owner: string, lang: Lang) =>
  queryOptions({
    queryKey: embedKeys.settings(owner),
    queryFn: ({ signal }) => getEmbedSettings(lang, signal),
  });

export function useEmbedSettings(owner: string, lang: Lang) {
  return useQuery(embedSettingsQueryOptions(owner, lang));
}
