import { queryOptions } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** GET /api/v1/User/2fa: is two-factor authentication on, and how many recovery codes are left. */
export function getTwoFactor(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiRequest<TwoFactorStatus>('/api/v1/User/2fa', signal ? { signal } : {});
}

export const twoFactorQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.twoFactor(token),
    queryFn: ({ signal }) => getTwoFactor(signal),
    retry: false,
  });
