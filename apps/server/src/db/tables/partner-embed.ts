import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { users } from './accounts';

// The embeddable widget (issue 47): the sites a partner lets frame /embed.

/**
 * An origin (scheme, host and port, normalized: `https://wallet.example`) allowed to frame the
 * partner's /embed: it becomes the page's CSP `frame-ancestors`.
 */
export const partnerEmbedOrigins = pgTable(
  'partner_embed_origins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    createdAt: createdAt(),
  },
  // Also the index of a partner's list (its first column).
  (t) => [uniqueIndex('partner_embed_origins_user_origin').on(t.userId, t.origin)],
);
