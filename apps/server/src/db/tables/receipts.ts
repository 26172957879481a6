import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

import { createdAt, updatedAt } from './columns';

// Signed receipts of successful tickets (issue 48) and the review invitations that go with them.

/**
 * An Ed25519 key that signs receipts. Its private half is sealed (AES-256-GCM, bound to the key
 * id); a rotated key stays, public half published, so the receipts it signed still verify.
 */
export const receiptKeys = pgTable(
  'receipt_keys',
  {
    /** The `keyId` of a receipt's signature: `rk_` and 16 random hex digits. */
    id: text('id').primaryKey(),
    /** The 32-byte public key, base64url: the JWK's `x`. */
    publicKey: text('public_key').notNull(),
    sealedPrivateKey: text('sealed_private_key').notNull(),
    createdAt: createdAt(),
    /** Set when a rotation replaced it: it signs no more, and still verifies. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  // One key signs at a time: two processes creating the first key race on this index, one wins.
  (t) => [
    uniqueIndex('receipt_keys_one_active')
      .on(sql`(true)`)
      .where(sql`${t.retiredAt} is null`),
  ],
);

/** A monitor (rating site) where a customer whose exchange succeeded is invited to leave a review. */
export const reviewMonitors = pgTable('review_monitors', {
  position: integer('position').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  updatedAt: updatedAt(),
});
