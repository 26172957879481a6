import {
  PAYOUT_STATES,
  type AdminPayoutSettings,
  type AdminTicketPayoutList,
  type PayoutState,
} from '@obmen/shared/admin';
import { adminQueryOptions, useAdminMutation } from './resources';
import { QUEUE_POLL_MS } from './tickets';

/**
 * The automatic payouts of paid tickets (issue 44): the queue with its providers, its decisions,
 * and each crypto currency's provider and limits. Not the partners' payouts (`/payouts`).
 */
export const PAYOUT_QUEUE = 'ticket-payouts';
export const PAYOUT_SETTINGS = 'payout-settings';

export interface PayoutQueueFilter {
  /** Empty: every state. */
  state: PayoutState | '';
  q: string;
  page: number;
}

const isState = (value: string | null): value is PayoutState =>
  (PAYOUT_STATES as readonly string[]).includes(value ?? '');

/** The queue the address asks for: `?state=&q=&page=`, every state's first page by default. */
export function payoutQueueFilterOf(params: URLSearchParams): PayoutQueueFilter {
  const state = params.get('state');
  return {
    state: isState(state) ? state : '',
    q: params.get('q') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

export const payoutQueueOptions = ({ state, q, page }: PayoutQueueFilter) => ({
  ...adminQueryOptions<AdminTicketPayoutList>(PAYOUT_QUEUE, '/ticket-payouts', {
    state: state || undefined,
    q: q || undefined,
    page,
    perPage: 50,
  }),
  // Payouts move by themselves (queued → sending → sent): the queue asks again like the ticket desk.
  refetchInterval: QUEUE_POLL_MS,
});

export const payoutSettingsOptions = adminQueryOptions<AdminPayoutSettings[]>(PAYOUT_SETTINGS, '/payout-settings');

/** Approve, retry, cancel or resolve: the queue and the tickets (a resolved payout ends its ticket) are read again. */
export const usePayoutDecision = () => useAdminMutation([PAYOUT_QUEUE, 'tickets']);

/** Saving a currency's settings changes the providers the queue shows. */
export const usePayoutSettingsSave = () => useAdminMutation<AdminPayoutSettings>([PAYOUT_SETTINGS, PAYOUT_QUEUE]);
