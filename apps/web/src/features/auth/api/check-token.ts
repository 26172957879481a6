import { queryOptions } from '@tanstack/react-query';
import type { UserInfo } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** GET /checktoken: 200 with the user when the token is valid, 401 with an empty body when not. */
export function checkToken(token: string, signal?: AbortSignal): Promise<UserInfo | null> {
  return apiRequest<UserInfo | null>('/checktoken', { query: { token }, ...(signal && { signal }) });
}

/** Never cached: the point is to ask the server each time (spec §2, "checked on every navigation"). */
export const checkTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.checkToken(token),
    queryFn: ({ signal }) => checkToken(token, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
