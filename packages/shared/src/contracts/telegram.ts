import * as z from './zod';

/**
 * Telegram on a ticket's page (issue 46): whether the exchanger has a bot, whether this ticket's
 * updates go to a chat, and a one-time deep link to start them.
 */
export const ticketTelegramSchema = z.object({
  /** False when the exchanger runs without a bot (TELEGRAM_BOT_TOKEN unset): the page shows nothing. */
  enabled: z.boolean(),
  /** How many chats hear about this ticket. */
  chats: z.number().int().min(0),
});
export type TicketTelegram = z.infer<typeof ticketTelegramSchema>;

/** `https://t.me/<bot>?start=<token>`: opening it and pressing Start links the chat; it works once, for a while. */
export const telegramDeepLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
});
export type TelegramDeepLink = z.infer<typeof telegramDeepLinkSchema>;
