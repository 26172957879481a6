import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PartnerScope } from '@obmen/shared/contracts';

import { createdAt } from './columns';
import { users } from './accounts';

// Partners (issue 47): the keys their servers call the partner API with.

/**
 * A partner's API key. Only the SHA-256 of its secret is kept (a 256-bit random secret needs no
 * slow hash, docs/decisions.md); `prefix` is its public part, shown in the list and in the key
 * itself. A revoked key keeps its row: tickets made with it still name it.
 */
export const partnerApiKeys = pgTable(
  'partner_api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: jsonb('scopes').$type<PartnerScope[]>().notNull(),
    /** Addresses and CIDR ranges the key may be used from; empty: anywhere. */
    allowedIps: jsonb('allowed_ips').$type<string[]>().notNull().default([]),
    ratePerMinute: integer('rate_per_minute').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('partner_api_keys_prefix').on(t.prefix),
    uniqueIndex('partner_api_keys_secret_hash').on(t.secretHash),
    index('partner_api_keys_user').on(t.userId, t.createdAt),
    check('partner_api_keys_rate', sql`${t.ratePerMinute} > 0`),
  ],
);
