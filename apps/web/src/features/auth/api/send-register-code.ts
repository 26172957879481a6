import { useMutation } from '@tanstack/react-query';
import type { RegisterCodeBody } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** The same answer for any address: whether it has an account is said only in the mail. */
export function sendRegisterCode(body: RegisterCodeBody): Promise<{ sent: true }> {
  return apiRequest('/register/code', { form: body });
}

export function useSendRegisterCode() {
  return useMutation({ mutationKey: authKeys.mutation('register-code'), mutationFn: sendRegisterCode });
}
