import * as z from '../zod';
import { adminTicketSummarySchema } from './tickets';

// The operator console's calls on the site's state (maintenance) and the tickets a break would stop.

export const adminSiteStateSchema = z.object({
  convertEnabled: z.boolean(),
  headerRu: z.string(),
  textRu: z.string(),
  headerEn: z.string(),
  textEn: z.string(),
  /** Null until the first change. */
  updatedAt: z.string().nullable(),
});
export type AdminSiteState = z.infer<typeof adminSiteStateSchema>;

/** The statuses whose clients are on their way to the payment page, which maintenance closes (spec §2). */
export const AWAITING_PAYMENT_STATUSES = ['advance', 'card_check'] as const;

/**
 * The tickets a maintenance break would stop on their way to paying: asked for before the break
 * is switched on. The newest of them (the clients likeliest to be paying now); `total` counts them all.
 */
export const adminAwaitingPaymentSchema = z.object({
  total: z.number().int(),
  items: z.array(
    adminTicketSummarySchema.pick({
      id: true,
      number: true,
      status: true,
      createdAt: true,
      give: true,
      get: true,
      paymentDeadline: true,
    }),
  ),
});
export type AdminAwaitingPayment = z.infer<typeof adminAwaitingPaymentSchema>;
