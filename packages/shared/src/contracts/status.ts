import * as z from './zod';

/**
 * The public status page (issue 48): each watched network, each direction and why it is closed,
 * and how long a paid ticket took to be paid out. `/status.json` answers this; `/status` shows it.
 */

/** Why a direction is closed now: switched off, a stale price, a chain source down, a payout reserve short, outside its hours, maintenance. */
export const DIRECTION_CLOSURES = ['off', 'stale_price', 'source_down', 'reserve', 'hours', 'maintenance'] as const;
export type DirectionClosure = (typeof DIRECTION_CLOSURES)[number];

/** The median is of a direction's last this many successful tickets… */
export const STATUS_MEDIAN_OF = 50;
/** …and is told only from this many on ("not enough tickets yet" before). */
export const STATUS_MEDIAN_FROM = 5;

export const networkStatusSchema = z.object({
  /** The currency whose deposits are watched on it (BTC, USDTTRC20…). */
  currency: z.string(),
  chain: z.string(),
  up: z.boolean(),
  /** The chain's height its source last gave; null before the first answer. */
  lastBlock: z.number().int().nullable(),
  /** When that height was first seen. */
  lastBlockSeenAt: z.string().nullable(),
  /** Seconds since then: a source stuck on one block, or not answering, shows a growing lag. */
  lagSeconds: z.number().int().nullable(),
});
export type NetworkStatus = z.infer<typeof networkStatusSchema>;

export const directionStatusRowSchema = z.object({
  give: z.string(),
  get: z.string(),
  open: z.boolean(),
  /** Empty when open. */
  closedBecause: z.array(z.enum(DIRECTION_CLOSURES)),
  /** Median seconds from paid to paid out over the last successful tickets; null below STATUS_MEDIAN_FROM. */
  medianPayoutSeconds: z.number().int().nullable(),
  /** How many tickets the median is of. */
  ticketsMeasured: z.number().int(),
});
export type DirectionStatusRow = z.infer<typeof directionStatusRowSchema>;

export const siteStatusSchema = z.object({
  checkedAt: z.string(),
  maintenance: z.boolean(),
  networks: z.array(networkStatusSchema),
  directions: z.array(directionStatusRowSchema),
});
export type SiteStatus = z.infer<typeof siteStatusSchema>;
