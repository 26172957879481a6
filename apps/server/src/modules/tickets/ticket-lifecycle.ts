import type { TicketStatus } from '@obmen/shared';

/** Every way a ticket's status may change (design §5), and which statuses it may change from. */
export const TICKET_ACTIONS = {
  /** The client says "I have paid"; an operator can mark it too. */
  confirm: { from: ['advance'], to: 'new' },
  markPaid: { from: ['advance'], to: 'new' },
  cancel: { from: ['card_check', 'advance'], to: 'deleted' },
  /** The payment window, or the window to send the card photo, passed. */
  expire: { from: ['card_check', 'advance'], to: 'deleted' },
  approveCard: { from: ['card_check'], to: 'advance' },
  rejectCard: { from: ['card_check'], to: 'deleted' },
  complete: { from: ['new'], to: 'success' },
  freeze: { from: ['new'], to: 'frozen' },
  release: { from: ['frozen'], to: 'new' },
  fail: { from: ['new', 'frozen'], to: 'error' },
} as const satisfies Record<string, { from: readonly TicketStatus[]; to: TicketStatus }>;

export type TicketAction = keyof typeof TICKET_ACTIONS;

export const FINAL_STATUSES: readonly TicketStatus[] = ['deleted', 'error', 'success'];
