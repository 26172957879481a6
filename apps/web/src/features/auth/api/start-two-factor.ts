import { useMutation } from '@tanstack/react-query';
import type { TwoFactorStart } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** POST /api/v1/User/2fa/start: a new secret to scan; on only once a code of it is confirmed. */
export function startTwoFactor(): Promise<TwoFactorStart> {
  return apiRequest('/api/v1/User/2fa/start', { method: 'POST' });
}

export function useStartTwoFactor() {
  return useMutation({ mutationKey: authKeys.mutation('two-factor-start'), mutationFn: startTwoFactor });
}
