import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorChangeBody } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** POST /api/v1/User/2fa/disable: takes the password and a current code (or a recovery code). */
export function disableTwoFactor(body: TwoFactorChangeBody): Promise<{ ok: true }> {
  return apiRequest('/api/v1/User/2fa/disable', { form: { ...body } });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.mutation('two-factor-disable'),
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...authKeys.all, 'two-factor'] }),
  });
}
