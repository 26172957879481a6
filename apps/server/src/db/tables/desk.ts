import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SlaState } from '@obmen/shared';

import { createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { tickets } from './tickets';

// The operator's cockpit (issue 46): who holds a ticket, the desk's clocks, and the replies operators reuse.

/**
 * The operator working on a ticket: one row per ticket, taken by one statement so two operators
 * racing for it cannot both win. It lapses `desk_settings.claim_idle_minutes` after its holder's last action.
 */
export const ticketClaims = pgTable('ticket_claims', {
  ticketId: text('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  operatorId: uuid('operator_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  /** The holder's last action on the ticket: the idle time counts from here. */
  touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
});

export type SlaThresholds = Record<SlaState, { amber: number; red: number }>;

/** Minutes after which a waiting ticket turns amber and red, per waiting state, until an admin sets others. */
export const DEFAULT_SLA: SlaThresholds = {
  new: { amber: 15, red: 30 },
  card_check: { amber: 10, red: 20 },
  payment_problem: { amber: 60, red: 180 },
  refund_requested: { amber: 60, red: 240 },
  awaiting_approval: { amber: 10, red: 30 },
};

/** The desk's settings (one row, id 1): how long an idle claim lasts, and the SLA clocks' thresholds. */
export const deskSettings = pgTable(
  'desk_settings',
  {
    id: integer('id').primaryKey().default(1),
    claimIdleMinutes: integer('claim_idle_minutes').notNull().default(30),
    sla: jsonb('sla').$type<SlaThresholds>().notNull().default(DEFAULT_SLA),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('desk_settings_single_row', sql`${t.id} = 1`),
    check('desk_settings_claim_idle', sql`${t.claimIdleMinutes} between 1 and 1440`),
  ],
);

/** A reply operators reuse, in both languages, with placeholders the ticket fills (CANNED_PLACEHOLDERS). */
export const cannedReplies = pgTable('canned_replies', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  textRu: text('text_ru').notNull(),
  textEn: text('text_en').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
