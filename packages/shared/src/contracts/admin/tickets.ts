import * as z from '../zod';
import { TICKET_STATUSES, ticketSchema } from '../tickets';
import { requiredText, optionalText, adminListQuery, paged } from './fields';
import { adminTicketPayoutSchema } from './ticket-payouts';
import { adminTicketClaimSchema, adminTicketWaitSchema } from './desk';

// The operator console's calls on tickets: the queue, a ticket's detail, its actions and payments.

export const ADMIN_TICKET_ACTIONS = [
  'markPaid',
  'complete',
  'freeze',
  'release',
  'fail',
  'approveCard',
  'rejectCard',
  'cancel',
  'requestRefund',
  'refund',
  'clearReview',
  'refuseReview',
] as const;
export type AdminTicketAction = (typeof ADMIN_TICKET_ACTIONS)[number];

/** The wire shape of every ticket action; what each one requires is in `adminTicketActionBodies`. */
export const adminTicketAction = z.object({
  note: z.string().max(1000, 'validation.maxLength').optional(),
  payoutReference: z.string().max(300, 'validation.maxLength').optional(),
  refundNote: z.string().max(1000, 'validation.maxLength').optional(),
  refundTxid: z.string().max(300, 'validation.maxLength').optional(),
  refundAddress: z.string().max(300, 'validation.maxLength').optional(),
});

/**
 * What each action asks of the operator (design §5). `note` is the reason the client reads on the
 * ticket and in the mail; the payout reference is the transaction id or transfer number.
 */
export const adminTicketActionBodies = {
  markPaid: z.object({ note: optionalText(1000) }),
  // A crypto payout's transaction is required and checked against its network (the server knows the currency).
  complete: z.object({ payoutReference: optionalText(300), note: optionalText(1000) }),
  freeze: z.object({ note: requiredText(1000) }),
  release: z.object({ note: optionalText(1000) }),
  fail: z.object({ note: requiredText(1000), refundNote: requiredText(1000) }),
  approveCard: z.object({ note: optionalText(1000) }),
  rejectCard: z.object({ note: requiredText(1000) }),
  cancel: z.object({ note: requiredText(1000) }),
  // The client asked support for their money back: the address is checked against the give currency's network.
  requestRefund: z.object({ refundAddress: requiredText(300), note: optionalText(1000) }),
  refund: z.object({ refundTxid: requiredText(300), note: optionalText(1000) }),
  // An AML review's decision (issue 48) is audited with its reason either way.
  clearReview: z.object({ note: requiredText(1000) }),
  refuseReview: z.object({ note: requiredText(1000) }),
} satisfies Record<AdminTicketAction, z.ZodType>;

/** POST /api/admin/tickets/{id}/excess-refund: the operator sent the excess back (issue 45) with this transaction. */
export const adminExcessRefund = z.object({ refundTxid: requiredText(300) });
export type AdminExcessRefundBody = z.input<typeof adminExcessRefund>;

/** POST /api/admin/tickets/{id}/payment: what actually arrived on a manual direction, as the operator saw it. */
export const adminTicketPayment = z.object({
  amount: z.string().trim().min(1, 'validation.required').max(64, 'validation.maxLength'),
  /** The bank's transfer number or the transaction id: one payment is recorded once by it. */
  reference: requiredText(300),
});
export type AdminTicketPaymentBody = z.input<typeof adminTicketPayment>;

/**
 * The queue's filters: one status, `open` (everything still needing hands), `excess_refund` (the
 * excess of overpaid tickets still to send back, issue 45, whatever their status), `unread` (a
 * customer's message no operator has read, issue 46) or all.
 */
export const ADMIN_TICKET_FILTERS = ['open', ...TICKET_STATUSES, 'excess_refund', 'unread', 'all'] as const;
export type AdminTicketFilter = (typeof ADMIN_TICKET_FILTERS)[number];
/** The queue's order: the desk's own (paid first, oldest first) or the worst breach of its waiting clocks first (issue 46). */
export const ADMIN_TICKET_SORTS = ['queue', 'breach'] as const;
export type AdminTicketSort = (typeof ADMIN_TICKET_SORTS)[number];
export const adminTicketQuery = adminListQuery.extend({
  status: z.enum(ADMIN_TICKET_FILTERS).default('open'),
  sort: z.enum(ADMIN_TICKET_SORTS).default('queue'),
});

const sideSummary = z.object({ code: z.string(), valute: z.string(), sum: z.string() });
const cardCheckStatus = z.enum(['none', 'pending', 'approved', 'rejected']);

export const adminTicketSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  give: sideSummary,
  get: sideSummary,
  manual: z.boolean(),
  fixed: z.boolean(),
  cardCheck: cardCheckStatus,
  paymentDeadline: z.string().nullable(),
  /** The excess to send back (issue 45) while nobody has recorded its transaction; null when none is owed. */
  excessRefundOwed: z.string().nullable(),
  /** The customer's messages no operator has read yet (issue 46). */
  unreadMessages: z.number().int(),
  /** Who holds it now (issue 46); null when nobody does or the claim has lapsed. */
  claim: adminTicketClaimSchema.nullable(),
  /** How long it has waited for the exchanger in its waiting state; null when it waits for nobody here. */
  wait: adminTicketWaitSchema.nullable(),
});
export type AdminTicketSummary = z.infer<typeof adminTicketSummarySchema>;

export const adminTicketListSchema = paged(adminTicketSummarySchema).extend({
  /** How many tickets each status holds now, for the queue's tabs. */
  counts: z.record(z.enum(TICKET_STATUSES), z.number().int()),
  /** How many excess refunds wait for an operator to send them (issue 45). */
  excessRefundsOwed: z.number().int(),
  /** How many tickets have a customer's message no operator has read (issue 46). */
  unreadThreads: z.number().int(),
});
export type AdminTicketList = z.infer<typeof adminTicketListSchema>;

const outboxItem = z.object({
  id: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  text: z.string(),
  kind: z.string(),
  lang: z.enum(['ru', 'en']),
  status: z.enum(['pending', 'sent', 'failed', 'logged']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export const adminOutboxSchema = outboxItem;
export type AdminOutboxMail = z.infer<typeof outboxItem>;

export const adminTicketDetailSchema = z.object({
  /** The ticket as its client sees it. */
  ticket: ticketSchema,
  userId: z.string().nullable(),
  username: z.string().nullable(),
  lang: z.enum(['ru', 'en']),
  refundNote: z.string().nullable(),
  feePercent: z.string(),
  discountPercent: z.string(),
  usdValue: z.string(),
  cardCheck: z.object({
    status: cardCheckStatus,
    reason: z.string().nullable(),
    uploadedAt: z.string().nullable(),
    decidedAt: z.string().nullable(),
  }),
  history: z.array(
    z.object({
      id: z.string(),
      from: z.enum(TICKET_STATUSES).nullable(),
      to: z.enum(TICKET_STATUSES),
      /** client, system, or the operator's name. */
      actor: z.string(),
      note: z.string().nullable(),
      at: z.string(),
    }),
  ),
  /** Its automatic payout (issue 44), if it has one. */
  payout: adminTicketPayoutSchema.nullable(),
  /** What can be done with it in its status now. */
  actions: z.array(z.enum(ADMIN_TICKET_ACTIONS)),
  /** Whether a transfer can be entered by hand: one that arrives now is checked against the sum. */
  canRecordPayment: z.boolean(),
  /** The latest mails to the client's address. */
  mails: z.array(outboxItem),
  claim: adminTicketClaimSchema.nullable(),
  wait: adminTicketWaitSchema.nullable(),
});
export type AdminTicketDetail = z.infer<typeof adminTicketDetailSchema>;
