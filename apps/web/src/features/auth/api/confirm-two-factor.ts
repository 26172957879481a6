import { useMutation } from '@tanstack/react-query';
import type { TwoFactorChangeBody } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './query-keys';

/** POST /api/v1/User/2fa/confirm: the password and the first code turn it on; the answer holds the recovery codes. */
export function confirmTwoFactor(body: TwoFactorChangeBody): Promise<{ recoveryCodes: string[] }> {
  return apiRequest('/api/v1/User/2fa/confirm', { form: { ...body } });
}

/** The status is refreshed by the set-up once the codes are put away (two-factor-setup.tsx), not here. */
export function useConfirmTwoFactor() {
  return useMutation({ mutationKey: authKeys.mutation('two-factor-confirm'), mutationFn: confirmTwoFactor });
}
