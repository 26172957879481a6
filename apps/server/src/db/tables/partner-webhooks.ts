import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { tickets } from './tickets';

// Partners' signed webhooks (issue 47): their endpoints, one delivery per (event, endpoint), each try logged.

/** A partner's URL told of its tickets' events; its signing secret is sealed (AES-256-GCM, bound to the endpoint). */
export const partnerWebhookEndpoints = pgTable(
  'partner_webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    sealedSecret: text('sealed_secret').notNull(),
    /** The secret before the last rotation: deliveries are signed with it too until `previous_until`. */
    sealedPreviousSecret: text('sealed_previous_secret'),
    previousUntil: timestamp('previous_until', { withTimezone: true }),
    /** Set: nothing is sent; `failing` when the job paused it, `partner` when its owner did. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pausedBy: text('paused_by', { enum: ['partner', 'failing'] }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('partner_webhook_endpoints_user').on(t.userId)],
);

/**
 * One event for one endpoint, written in the transaction of the ticket change it reports; `body`
 * is the exact JSON signed and sent, so a redelivery sends the same event id and bytes.
 */
export const partnerWebhookDeliveries = pgTable(
  'partner_webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => partnerWebhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    ticketId: text('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    state: text('state', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Retries stop 24 hours after the first try. */
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('partner_webhook_deliveries_event').on(t.endpointId, t.eventId),
    index('partner_webhook_deliveries_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('partner_webhook_deliveries_log').on(t.endpointId, t.createdAt),
  ],
);

/** Every POST made: its answer's status, how long it took, the error, the start of the answer's body. */
export const partnerWebhookAttempts = pgTable(
  'partner_webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => partnerWebhookDeliveries.id, { onDelete: 'cascade' }),
    /** `schedule` (the job) or `redeliver` (the partner asked). */
    trigger: text('trigger', { enum: ['schedule', 'redeliver'] }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [index('partner_webhook_attempts_delivery').on(t.deliveryId, t.createdAt)],
);
