import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { users } from './accounts';
import { tickets } from './tickets';

/**
 * The thread on a ticket (issue 46): its customer writes, operators answer. Text only, never
 * edited; `readAt` is when the other side read it (an operator marking the thread read, the
 * customer opening the page).
 */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    author: text('author', { enum: ['customer', 'operator'] }).notNull(),
    /** The operator who answered; null for the customer's messages (and for an operator's account since removed). */
    operatorId: uuid('operator_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('ticket_messages_ticket').on(t.ticketId, t.createdAt),
    // The console's unread threads: customers' messages no operator has read yet.
    index('ticket_messages_unread')
      .on(t.ticketId)
      .where(sql`${t.author} = 'customer' and ${t.readAt} is null`),
  ],
);
