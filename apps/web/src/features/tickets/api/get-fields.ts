import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequisiteField } from '@obmen/shared/contracts';
import type { Lang } from '@obmen/shared/i18n';
import { apiRequest } from '../../../lib/api-client';
import { ticketKeys } from './query-keys';

export interface TicketFields {
  give: RequisiteField[];
  get: RequisiteField[];
}

/** GET /api/v1/Exchange/get_fields/{give}/{get}: the requisites each side asks for. */
export function getFields(give: string, get: string, lang: Lang, signal?: AbortSignal): Promise<TicketFields> {
  return apiRequest<TicketFields>(
    `/api/v1/Exchange/get_fields/${encodeURIComponent(give)}/${encodeURIComponent(get)}`,
    { lang, ...(signal && { signal }) },
  );
}

export function useFields(give: string, get: string, lang: Lang) {
  return useQuery(
    queryOptions({
      queryKey: ticketKeys.fields(give, get, lang),
      queryFn: ({ signal }) => getFields(give, get, lang, signal),
      staleTime: 5 * 60_000,
    }),
  );
}
