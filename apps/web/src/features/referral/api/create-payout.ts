import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePayoutBody, RefPayout } from '@obmen/shared/contracts';
import { apiRequest } from '../../../lib/api-client';
import { referralKeys } from './query-keys';

/** POST /api/v1/Ref/createpayout (a form, field names as spec §7). */
export function createPayout(body: CreatePayoutBody): Promise<RefPayout> {
  return apiRequest<RefPayout>('/api/v1/Ref/createpayout', {
    form: { Currency: body.Currency, Sum: body.Sum, Requisite: body.Requisite, AddRequisite: body.AddRequisite },
  });
}

/** The balance is taken at once: the figures, the balance per currency and the payouts list all change. */
export function useCreatePayout(owner: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: referralKeys.createPayout(),
    mutationFn: createPayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.of(owner) }),
  });
}
