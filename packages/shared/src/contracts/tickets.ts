import * as z from './zod';
import { CURRENCY_KINDS, decimalString, rateSourceSchema } from './exchange';

import { AML_REVIEW_REASONS, PAYMENT_PROBLEMS, TICKET_STATUSES } from './ticket-statuses';

export {
  AML_REVIEW_REASONS,
  OPEN_TICKET_STATUSES,
  PAYMENT_PROBLEMS,
  TICKET_STATUSES,
  type AmlReviewReason,
  type PaymentProblem,
  type TicketStatus,
} from './ticket-statuses';

/** An address money goes back to; which pattern it must match is the give currency's (checked on the server). */
const refundAddress = z.string().trim().max(200, 'validation.maxLength');

const mustAgree = (key: string) =>
  z.preprocess((v) => (typeof v === 'string' ? ['true', 'on', '1'].includes(v) : v), z.literal(true, { error: key }));

/** A direction asks for at most this many requisites a side (the console's limit on its fields). */
export const MAX_REQUISITE_FIELDS = 10;

/**
 * One side's requisites by field name, named as the console names fields. Which names the
 * direction asks for is the server's check; this one keeps a body of a thousand names cheap to refuse.
 */
const requisiteValues = z
  .record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9]{0,39}$/, 'ticket.unknownRequisite'), z.string().max(300))
  .refine((values) => Object.keys(values).length <= MAX_REQUISITE_FIELDS, 'ticket.unknownRequisite');

/** POST /api/v1/Tickets/create (JSON). The server recomputes the sums; a fixed rate needs its quote token. */
export const createTicketBody = z.object({
  giveName: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(20)
    .transform((c) => c.toUpperCase()),
  getName: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(20)
    .transform((c) => c.toUpperCase()),
  giveSum: z.string().trim().min(1, 'validation.required').max(64),
  getSum: z.string().trim().min(1, 'validation.required').max(64),
  calcDirection: z.enum(['sell', 'buy']),
  useFixed: z.boolean().optional().default(false),
  quoteToken: z.string().max(2000).optional(),
  promocode: z
    .string()
    .trim()
    .max(40)
    .optional()
    .transform((code) => code || undefined),
  refId: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : String(v)))
    .pipe(
      z
        .string()
        .regex(/^\d{1,12}$/)
        .optional(),
    ),
  /** Made in a partner's widget (/embed, issue 47): a marker for the partner's figures; no rule depends on it. */
  channel: z.literal('embed').optional(),
  email: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(254, 'validation.maxLength')
    .pipe(z.email('validation.email')),
  requisites: z
    .object({ give: requisiteValues.default({}), get: requisiteValues.default({}) })
    .default({ give: {}, get: {} }),
  agreeAml: mustAgree('validation.agreeAml'),
  agreeRules: mustAgree('validation.agreeRules'),
});
export type CreateTicketBody = z.input<typeof createTicketBody>;

const ticketSide = z.object({
  code: z.string(),
  name: z.string(),
  valute: z.string(),
  iconPath: z.string(),
  scale: z.number().int(),
  /** Card, bank, crypto or e-money: how the payment page shows where to pay (a QR code for coins). */
  kind: z.enum(CURRENCY_KINDS),
  sum: decimalString,
});

const shownRequisite = z.object({ name: z.string(), label: z.string(), value: z.string() });

/** One incoming payment seen on the chain or entered by an operator, with its proof. */
export const ticketPaymentSchema = z.object({
  txid: z.string(),
  /** The transaction on the give currency's block explorer, when it has one and this is a hash of it. */
  url: z.string().nullable(),
  amount: decimalString,
  confirmations: z.number().int(),
  required: z.number().int(),
  seenAt: z.string(),
  confirmedAt: z.string().nullable(),
  /** The transaction vanished from the chain (a reorg) before it was confirmed: it never counts. */
  gone: z.boolean(),
  source: z.enum(['chain', 'operator']),
});
export type TicketPayment = z.infer<typeof ticketPaymentSchema>;

/**
 * What a payment problem may become besides "continue at today's rate" and "refund everything"
 * (issue 45), each with the figures the client sees before taking it; null where it is not offered.
 */
export const paymentChoicesSchema = z.object({
  /** Short, with the window still open: the rest to the same address by the deadline keeps the original sums and rate. */
  payRest: z.object({ rest: decimalString, deadline: z.string() }).nullable(),
  /**
   * Over: the original sums at the original rate, and the excess back less the give currency's
   * network fee. Not offered when that fee is not set or leaves nothing of the excess.
   */
  refundExcess: z.object({ excess: decimalString, fee: decimalString, refund: decimalString }).nullable(),
});
export type PaymentChoices = z.infer<typeof paymentChoicesSchema>;

/** The excess sent back to its address; its transaction and explorer page once an operator sent it. */
export const excessRefundSchema = z.object({
  amount: decimalString,
  fee: decimalString,
  address: z.string(),
  txid: z.string().nullable(),
  txidUrl: z.string().nullable(),
});
export type ExcessRefund = z.infer<typeof excessRefundSchema>;

export const ticketSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: z.enum(TICKET_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  email: z.string(),
  give: ticketSide,
  get: ticketSide,
  rate: decimalString,
  fixed: z.boolean(),
  /** A floating rate's sources at creation (issue 45); empty for a fixed rate or prices set by hand. */
  rateSources: z.array(rateSourceSchema),
  manual: z.boolean(),
  promo: z.object({ code: z.string(), bonus: decimalString }).nullable(),
  requisites: z.object({ give: z.array(shownRequisite), get: z.array(shownRequisite) }),
  /** Until when an awaiting-payment ticket may be paid. */
  paymentDeadline: z.string().nullable(),
  /** Where to pay, while the ticket awaits payment. */
  payTo: z.array(z.object({ label: z.string(), value: z.string() })).nullable(),
  /** Why it was frozen, rejected, cancelled or failed, in the request language when it is the system's. */
  reason: z.string().nullable(),
  /** Cancelled because its payment window passed ('Истекло время оплаты'). */
  expired: z.boolean(),
  payoutReference: z.string().nullable(),
  /** The payout on a block explorer, when the reference is a transaction hash of the get currency's network. */
  payoutReferenceUrl: z.string().nullable(),
  /**
   * An automatic payout (issue 44): `checking` while it waits for an operator's approval or a first
   * exchange's delay, `sending` while the provider sends it, `sent` once its transaction is known.
   * Null when a person pays it out.
   */
  payout: z.enum(['checking', 'sending', 'sent']).nullable(),
  /** The operator's note on the refund of a failed or frozen ticket: how and when the money goes back. */
  refundNote: z.string().nullable(),
  /** The referral id of the partner who brought this exchange (spec §3 "referral"), if any. */
  referral: z.string().nullable(),
  cardCheck: z.object({ status: z.enum(['none', 'pending', 'approved', 'rejected']), reason: z.string().nullable() }),
  /** Incoming payments, newest last. */
  payments: z.array(ticketPaymentSchema),
  /** What was wrong with the payment, while the ticket is (or was) a payment problem. */
  paymentProblem: z.enum(PAYMENT_PROBLEMS).nullable(),
  /** The confirmed amount received, in the give currency (null before any payment counted). */
  received: decimalString.nullable(),
  refundAddress: z.string().nullable(),
  /** The refund's transaction and its explorer page, once an operator has sent it. */
  refundTxid: z.string().nullable(),
  refundTxidUrl: z.string().nullable(),
  /**
   * What is left to pay once part of the sum counted, while the window is open and the ticket still
   * takes it (awaiting payment, or marked paid): the rest goes to the same address (issue 45).
   */
  rest: decimalString.nullable(),
  /** A payment problem's choices besides continuing and a refund, with their figures; null on any other ticket. */
  paymentChoices: paymentChoicesSchema.nullable(),
  /** The excess of an overpayment sent back while the exchange went on (issue 45): owed until its transaction is recorded. */
  excessRefund: excessRefundSchema.nullable(),
  /**
   * An AML review of a paid ticket (issue 48), while it lasts: why, and until when an operator
   * decides; past it, the refund opens for the client on its own.
   */
  review: z.object({ reason: z.enum(AML_REVIEW_REASONS), deadline: z.string() }).nullable(),
  history: z.array(z.object({ status: z.enum(TICKET_STATUSES), at: z.string() })),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const ticketIdParams = z.object({
  id: z
    .string()
    .min(10)
    .max(40)
    .regex(/^[\w-]+$/),
});

/**
 * POST /api/v1/Tickets/find: a visitor's way back to a ticket, by its number and the e-mail given
 * with it. The answer is always `{ sent: true }`: when the pair is right, the ticket's link is mailed
 * to the e-mail on the ticket (its id is the key to it, so no answer carries it).
 */
export const findTicketBody = z.object({
  number: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .regex(/^№?\s*\d{1,12}$/, 'validation.ticketNumber')
    .transform((value) => Number(value.replace(/\D/g, ''))),
  email: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(254, 'validation.maxLength')
    .pipe(z.email('validation.email')),
});
export type FindTicketBody = z.input<typeof findTicketBody>;
export type FindTicketBodyOutput = z.output<typeof findTicketBody>;
export const foundTicketSchema = z.object({ sent: z.literal(true) });
export type FoundTicket = z.infer<typeof foundTicketSchema>;

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});

/** GET /api/v1/Tickets/{id}/continue: the current rate for what was actually received, to accept or not. */
export const continueQuoteSchema = z.object({
  giveSum: decimalString,
  getSum: decimalString,
  /** A fixed rate: held until `expireTime`. */
  rate: decimalString,
  /** Today's floating rate for the same amount, and what fixing it costs, in percent (the direction's). */
  floatingRate: decimalString,
  fixedExtraPercent: decimalString,
  expireTime: z.string(),
  /** How long the quote holds from this answer: the page counts down from it, not from the client's clock. */
  validSeconds: z.number().int(),
  quoteToken: z.string(),
});
export type ContinueQuote = z.infer<typeof continueQuoteSchema>;

/** POST /api/v1/Tickets/{id}/continue: the quote the client saw and accepts. */
export const continueTicketBody = z.object({ quoteToken: z.string().min(1, 'validation.required').max(2000) });

/** POST /api/v1/Tickets/{id}/refund: the money back to this address. */
export const refundTicketBody = z.object({ address: refundAddress.min(1, 'validation.required') });
export type RefundTicketBody = z.input<typeof refundTicketBody>;

/**
 * POST /api/v1/Tickets/{id}/refund-excess: the exchange at its original sums, and the excess back to
 * this address; `refund` is the figure the client saw, refused if it is no longer what goes back.
 */
export const refundExcessBody = z.object({
  address: refundAddress.min(1, 'validation.required'),
  refund: decimalString,
});
export type RefundExcessBody = z.input<typeof refundExcessBody>;

/** POST /api/v1/Tickets/{id}/pay-rest: the client will pay `rest` (the figure they saw) to the same address in time. */
export const payRestBody = z.object({ rest: decimalString });
export type PayRestBody = z.input<typeof payRestBody>;

export const ticketListSchema = z.object({
  items: z.array(
    ticketSchema.omit({
      requisites: true,
      payTo: true,
      history: true,
      referral: true,
      payments: true,
      rateSources: true,
    }),
  ),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
});
export type TicketList = z.infer<typeof ticketListSchema>;

/** api/v1/CardCheck/*?ticketId= */
export const cardCheckQuery = z.object({ ticketId: ticketIdParams.shape.id });
export const cardCheckStatusSchema = z.object({
  status: z.enum(['none', 'pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  ticketStatus: z.enum(TICKET_STATUSES),
});
export type CardCheckStatus = z.infer<typeof cardCheckStatusSchema>;
