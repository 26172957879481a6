import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './query-keys';

export function resetPassword(body: ResetPasswordBody): Promise<{ ok: true }> {
  return apiRequest('/reset_password', { form: { ...body } });
}

export function useResetPassword() {
  return useMutation({ mutationKey: authKeys.mutation('reset-password'), mutationFn: resetPassword });
}
