import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { log } from '../../../lib/log';
import { endSession } from '../session';
import { authKeys } from './query-keys';

export function logout(): Promise<void> {
  return apiRequest<void>('/logout', { method: 'POST' });
}

/** Ends the session here whatever the server says: a user who asked to leave is logged out. */
export function useLogout() {
  return useMutation({
    mutationKey: authKeys.mutation('logout'),
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        log.error('logout call failed; the session is ended here anyway', error);
      }
    },
    onSettled: endSession,
  });
}
