import { useMutation } from '@tanstack/react-query';
import type { LoginBody, SessionUser } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { finishLoading, startLoading, startSession } from '../session';
import { authKeys } from './query-keys';

/** POST /token with a username or an e-mail. */
export function login(body: LoginBody): Promise<{ user: SessionUser }> {
  return apiRequest('/token', { form: { ...body } });
}

export function useLogin() {
  return useMutation({
    mutationKey: authKeys.mutation('login'),
    mutationFn: login,
    onMutate: startLoading,
    onSuccess: ({ user }) => startSession(user),
    onSettled: finishLoading,
  });
}
