import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { users } from './accounts';
import { tickets } from './tickets';

// Telegram (issue 46): chats linked to a ticket or an operator, one-time link tokens, the send queue.

/**
 * A chat that hears about one ticket (a customer's) or gets the alerts of one staff member. A
 * chat id has at most 52 significant bits (Bot API, Chat.id): kept as text, exact in JSON too.
 */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: text('chat_id').notNull(),
    ticketId: text('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('telegram_links_ticket_chat').on(t.ticketId, t.chatId),
    // One chat per staff member: linking again moves the alerts to the new chat.
    uniqueIndex('telegram_links_user').on(t.userId),
    index('telegram_links_chat').on(t.chatId),
    check('telegram_links_one_target', sql`(${t.ticketId} is null) <> (${t.userId} is null)`),
  ],
);

/** A deep link's `start` parameter: only its SHA-256 is kept; it links once, before it expires. */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    ticketId: text('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('telegram_link_tokens_one_target', sql`(${t.ticketId} is null) <> (${t.userId} is null)`)],
);

/**
 * Every Telegram message the product sends, written in the transaction of the change it reports
 * (as the mail outbox), then delivered by a job; `ticket_id` makes the console's delivery log.
 */
export const telegramOutbox = pgTable(
  'telegram_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: text('chat_id').notNull(),
    text: text('text').notNull(),
    ticketId: text('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    /** `ticket_new`, `ticket_payment_seen`, `alert_ticket_paid`, `reply`… */
    kind: text('kind').notNull(),
    state: text('state', { enum: ['pending', 'sent', 'failed', 'dropped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('telegram_outbox_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('telegram_outbox_ticket').on(t.ticketId, t.createdAt),
  ],
);

/**
 * A condition the alert check found and alerted about (a price stale, a chain source down…): kept
 * while it lasts, so it alerts once; gone when it clears, so the next occurrence alerts again.
 */
export const telegramAlertsOpen = pgTable('telegram_alerts_open', {
  key: text('key').primaryKey(),
  kind: text('kind').notNull(),
  createdAt: createdAt(),
});
