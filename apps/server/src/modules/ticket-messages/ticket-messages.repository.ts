import { and, count, countDistinct, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { ticketMessages, tickets, users } from '../../db/schema';

export type TicketMessageRow = typeof ticketMessages.$inferSelect;
export type MessageAuthor = TicketMessageRow['author'];

const unreadByOperators = and(eq(ticketMessages.author, 'customer'), isNull(ticketMessages.readAt));

/** A ticket with a customer's message no operator has read (the queue's `unread` filter): the partial index. */
export const hasUnreadMessages = sql`exists (select 1 from ${ticketMessages} where ${ticketMessages.ticketId} = ${tickets.id} and ${ticketMessages.author} = 'customer' and ${ticketMessages.readAt} is null)`;

export async function insertMessage(
  db: DbOrTx,
  message: { ticketId: string; author: MessageAuthor; operatorId: string | null; body: string },
): Promise<TicketMessageRow> {
  const [row] = await db.insert(ticketMessages).values(message).returning();
  return row!;
}

/** A ticket's thread, oldest first, with each operator's name. */
export function listMessages(db: DbOrTx, ticketId: string) {
  return db
    .select({ message: ticketMessages, operator: users.username })
    .from(ticketMessages)
    .leftJoin(users, eq(users.id, ticketMessages.operatorId))
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(ticketMessages.createdAt, ticketMessages.id);
}

/** The other side read what `author` wrote: marks those messages read once; answers how many it marked. */
export async function markRead(db: DbOrTx, ticketId: string, author: MessageAuthor): Promise<number> {
  const marked = await db
    .update(ticketMessages)
    .set({ readAt: new Date() })
    .where(and(eq(ticketMessages.ticketId, ticketId), eq(ticketMessages.author, author), isNull(ticketMessages.readAt)))
    .returning({ id: ticketMessages.id });
  return marked.length;
}

export async function countUnreadThreads(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(ticketMessages.ticketId) })
    .from(ticketMessages)
    .where(unreadByOperators);
  return row?.n ?? 0;
}

/** The customer's unread messages on each of these tickets (those with none are absent). */
export async function unreadCountsOf(db: DbOrTx, ticketIds: string[]): Promise<Map<string, number>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db
    .select({ ticketId: ticketMessages.ticketId, n: count() })
    .from(ticketMessages)
    .where(and(unreadByOperators, inArray(ticketMessages.ticketId, ticketIds)))
    .groupBy(ticketMessages.ticketId);
  return new Map(rows.map((r) => [r.ticketId, r.n]));
}

/** Who hears of a customer's message: every operator and admin who can still sign in. */
export function staffAddresses(db: DbOrTx) {
  return db
    .select({ email: users.email, lang: users.lang })
    .from(users)
    .where(and(inArray(users.role, ['operator', 'admin']), eq(users.blocked, false), ne(users.email, '')));
}
