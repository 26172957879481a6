import { sql } from 'drizzle-orm';
import { bigint, boolean, index, check, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns';
import { users } from './accounts';

// Running the service: scheduled jobs, the mail outbox, settings, the site's state, the audit log.

/**
 * The last run of each scheduled job. Every process ticks; a run is claimed here with one
 * conditional upsert, so across all processes a job runs once per interval.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** When the job last ended without an error. */
  succeededAt: timestamp('succeeded_at', { withTimezone: true }),
  runs: bigint('runs', { mode: 'number' }).notNull().default(0),
  failures: bigint('failures', { mode: 'number' }).notNull().default(0),
  lastError: text('last_error'),
});

/**
 * Every mail the product sends, written in the same transaction as the change it reports. Without
 * SMTP_URL a mail stays here (status `logged`) for the operator console; with it, it is delivered.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    lang: text('lang', { enum: ['ru', 'en'] }).notNull(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'logged'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_pending')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('outbox_to').on(t.toAddress),
  ],
);

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** Whether exchanges can be made now, and the notice shown while they cannot (one row, id 1). */
export const siteState = pgTable(
  'site_state',
  {
    id: integer('id').primaryKey().default(1),
    convertEnabled: boolean('convert_enabled').notNull().default(true),
    headerRu: text('header_ru').notNull().default('Технический перерыв'),
    textRu: text('text_ru').notNull().default(''),
    headerEn: text('header_en').notNull().default('Maintenance break'),
    textEn: text('text_en').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [check('site_state_single_row', sql`${t.id} = 1`)],
);

/** Every change made in the operator console: who, when, what, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt), index('audit_log_resource').on(t.resource, t.resourceId)],
);
