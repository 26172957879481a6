import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, SessionUser } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../session';
import { authKeys } from './query-keys';

export function changePassword(body: ChangePasswordBody): Promise<{ user: SessionUser }> {
  return apiRequest('/api/v1/User/change-password', { form: { ...body } });
}

/** The server ends every session on a password change and answers with a fresh token: keep it. */
export function useChangePassword() {
  return useMutation({
    mutationKey: authKeys.mutation('change-password'),
    mutationFn: changePassword,
    onSuccess: ({ user }) => startSession(user),
  });
}
