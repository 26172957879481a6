import * as z from '../zod';
import { intField, requiredText } from './fields';

// The operator's cockpit (issue 46): who holds a ticket, how long each waiting ticket has waited,
// and the replies operators reuse.

/** Who holds a ticket now: another operator's action on it answers 409 `claimed_by_other`. */
export const adminTicketClaimSchema = z.object({
  operatorId: z.string(),
  operator: z.string(),
  /** The asking operator holds it. */
  mine: z.boolean(),
  claimedAt: z.string(),
  /** The claim lapses at this time unless its holder acts on the ticket again. */
  expiresAt: z.string(),
});
export type AdminTicketClaim = z.infer<typeof adminTicketClaimSchema>;

/** POST /api/admin/tickets/{id}/claim: take a free ticket, or (`takeOver`) one another operator holds. */
export const adminTicketClaimBody = z.object({ takeOver: z.boolean().default(false) });
export type AdminTicketClaimBody = z.input<typeof adminTicketClaimBody>;

/**
 * The states in which a ticket waits for the exchanger, each with its own clock: paid and waiting for
 * its payout (`new`), a card photo waiting for its check, a payment problem, a refund asked for, and
 * an automatic payout awaiting an operator's approval (issue 44).
 */
export const SLA_STATES = ['new', 'card_check', 'payment_problem', 'refund_requested', 'awaiting_approval'] as const;
export type SlaState = (typeof SLA_STATES)[number];
export const SLA_LEVELS = ['ok', 'amber', 'red'] as const;
export type SlaLevel = (typeof SLA_LEVELS)[number];

/** How long a waiting ticket has waited, and how that stands against its state's thresholds. */
export const adminTicketWaitSchema = z.object({
  state: z.enum(SLA_STATES),
  since: z.string(),
  minutes: z.number().int(),
  level: z.enum(SLA_LEVELS),
});
export type AdminTicketWait = z.infer<typeof adminTicketWaitSchema>;

const minutes = intField(1, 10_080);
const threshold = z
  .object({ amber: minutes, red: minutes })
  .refine((t) => t.red > t.amber, { message: 'admin.slaRedAfterAmber', path: ['red'] });

/** The desk's settings (admins): how long an idle claim lasts, and each waiting state's amber and red minutes. */
export const adminDeskSettingsSchema = z.object({
  claimIdleMinutes: z.number().int(),
  sla: z.record(z.enum(SLA_STATES), z.object({ amber: z.number().int(), red: z.number().int() })),
  updatedAt: z.string(),
});
export type AdminDeskSettings = z.infer<typeof adminDeskSettingsSchema>;

export const adminDeskSettingsUpdate = z.object({
  claimIdleMinutes: intField(1, 1440),
  sla: z.object({
    new: threshold,
    card_check: threshold,
    payment_problem: threshold,
    refund_requested: threshold,
    awaiting_approval: threshold,
  }),
});
export type AdminDeskSettingsBody = z.input<typeof adminDeskSettingsUpdate>;

/**
 * What a canned reply may say about its ticket: its number, the sums and currencies of both sides,
 * and the minutes it has waited. Anything else in braces is refused when the reply is saved.
 */
export const CANNED_PLACEHOLDERS = ['number', 'amount', 'currency', 'getAmount', 'getCurrency', 'minutes'] as const;
export type CannedPlaceholder = (typeof CANNED_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The placeholders a text names that a reply cannot fill. */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)]
    .map((m) => m[1] ?? '')
    .filter((name) => !(CANNED_PLACEHOLDERS as readonly string[]).includes(name));
}

/** A reply's text with its ticket's values in place of its placeholders. */
export function fillCannedReply(text: string, values: Record<CannedPlaceholder, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? values[name as CannedPlaceholder] : whole,
  );
}

const replyText = requiredText(2000).refine((text) => unknownPlaceholders(text).length === 0, {
  message: 'admin.unknownPlaceholder',
});

/** A canned reply as an admin writes it: its title in the console, and its text in each language. */
export const adminCannedReplyBody = z.object({
  title: requiredText(100),
  textRu: replyText,
  textEn: replyText,
});
export type AdminCannedReplyBody = z.input<typeof adminCannedReplyBody>;

export const adminCannedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  textRu: z.string(),
  textEn: z.string(),
  updatedAt: z.string(),
});
export type AdminCannedReply = z.infer<typeof adminCannedReplySchema>;

/** A canned reply for one ticket: in its customer's language, its placeholders filled with the ticket's values. */
export const adminRenderedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  lang: z.enum(['ru', 'en']),
  text: z.string(),
});
export type AdminRenderedReply = z.infer<typeof adminRenderedReplySchema>;
