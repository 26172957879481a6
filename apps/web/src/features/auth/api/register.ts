import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, SessionUser } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { finishLoading, startLoading, startSession } from '../session';
import { authKeys } from './query-keys';

export type RegisterInput = Omit<RegisterBody, 'agree'> & { agree: boolean };

export function register(body: RegisterInput): Promise<{ user: SessionUser }> {
  return apiRequest('/register', { form: { ...body } });
}

/** Registers and logs the new user in; parameterErrors come back as an ApiError for the form. */
export function useRegister() {
  return useMutation({
    mutationKey: authKeys.mutation('register'),
    mutationFn: register,
    onMutate: startLoading,
    onSuccess: ({ user }) => startSession(user),
    onSettled: finishLoading,
  });
}
