import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns';

// AML screening (issue 48): the operator's thresholds, and what the provider said of each address and transaction.

/** The console's settings: one row, written on the first save (until then the defaults in aml.repository.ts). */
export const amlSettings = pgTable(
  'aml_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** A deposit whose source scores this or more (0-100) puts its ticket on review. */
    reviewScore: integer('review_score').notNull(),
    /** A payout address scoring this or more is refused at the ticket's creation. */
    refuseScore: integer('refuse_score').notNull(),
    /** How long an operator has to decide a review before the refund opens for the client. */
    reviewHours: integer('review_hours').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('aml_settings_single_row', sql`${t.id} = 1`),
    check(
      'aml_settings_range',
      sql`${t.reviewScore} between 0 and 100 and ${t.refuseScore} between ${t.reviewScore} and 100 and ${t.reviewHours} between 1 and 720`,
    ),
  ],
);

/**
 * One screening of an address or a transaction on a network, as the provider last answered it:
 * kept so an address is not paid for twice and a pending check is polled by its `uid`.
 */
export const amlScreenings = pgTable(
  'aml_screenings',
  {
    kind: text('kind', { enum: ['address', 'transaction'] }).notNull(),
    /** The provider's asset code of the network (BTC, ETH, TRX…). */
    network: text('network').notNull(),
    /** The address, or the transaction's id. */
    subject: text('subject').notNull(),
    state: text('state', { enum: ['pending', 'done', 'failed'] }).notNull(),
    /** The provider's id of a check still running, to poll. */
    uid: text('uid'),
    /** Risk 0-100, once done. */
    score: integer('score'),
    /** The provider's signals (category → share), as it sent them. */
    signals: jsonb('signals').$type<Record<string, number>>().notNull().default({}),
    /** Why it failed (timeout, HTTP status): for the console, never the client. */
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.network, t.subject] }),
    check('aml_screenings_score', sql`${t.score} is null or ${t.score} between 0 and 100`),
  ],
);
