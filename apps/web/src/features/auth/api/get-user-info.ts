import { queryOptions } from '@tanstack/react-query';
import type { UserInfo } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** GET /api/v1/User/info with the Bearer token the api client adds. */
export function getUserInfo(signal?: AbortSignal): Promise<UserInfo | null> {
  return apiRequest<UserInfo | null>('/api/v1/User/info', signal ? { signal } : {});
}

export const userInfoQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.userInfo(token),
    queryFn: ({ signal }) => getUserInfo(signal),
    staleTime: 30_000,
    retry: false,
  });
