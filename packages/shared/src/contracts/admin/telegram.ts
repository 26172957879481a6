import * as z from '../zod';

/** What an operator can be alerted about in Telegram (issue 46). */
export const TELEGRAM_ALERT_KINDS = [
  'ticket_paid',
  'payment_problem',
  'card_check',
  'aml_review',
  'sla_red',
  'price_stale',
  'chain_down',
  'reserve_low',
  'payout_unknown',
  'payout_approval',
] as const;
export type TelegramAlertKind = (typeof TELEGRAM_ALERT_KINDS)[number];

/** Which alerts go to the operators' chats, and below which reserve a currency alerts. */
export const telegramAlertSettingsSchema = z.object({
  kinds: z.record(z.enum(TELEGRAM_ALERT_KINDS), z.boolean()),
  /** Currency code → the reserve (free of holds) under which `reserve_low` alerts; exact decimal text. */
  reserveBelow: z.record(
    z.string().regex(/^[A-Z0-9]{2,20}$/),
    z.string().regex(/^\d{1,20}(\.\d{1,18})?$/, 'validation.pattern'),
  ),
});
export type TelegramAlertSettings = z.infer<typeof telegramAlertSettingsSchema>;

/** The console's Telegram screen: the bot, this staff member's chat, the alert settings. */
export const staffTelegramSchema = z.object({
  enabled: z.boolean(),
  botUsername: z.string().nullable(),
  linked: z.boolean(),
  settings: telegramAlertSettingsSchema,
});
export type StaffTelegram = z.infer<typeof staffTelegramSchema>;

/** A ticket's Telegram messages as the console's ticket panel lists them (its delivery log). */
export const ticketTelegramLogSchema = z.object({
  chats: z.number().int().min(0),
  messages: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      state: z.enum(['pending', 'sent', 'failed', 'dropped']),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
});
export type TicketTelegramLog = z.infer<typeof ticketTelegramLogSchema>;
