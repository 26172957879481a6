import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** The same answer for any address, so nobody can learn who is registered. */
export function forgotPassword(body: { email: string }): Promise<{ ok: true; message?: string }> {
  return apiRequest('/forgot_password', { form: body });
}

export function useForgotPassword() {
  return useMutation({ mutationKey: authKeys.mutation('forgot-password'), mutationFn: forgotPassword });
}
