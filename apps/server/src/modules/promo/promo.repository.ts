import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { promoCodes, tickets } from '../../db/schema';

export type PromoRow = typeof promoCodes.$inferSelect;

/**
 * A user's codes: those issued to them, and general ones they used on their own tickets. The
 * ticket's id is given only when that ticket is theirs, for a link to it.
 */
export async function listUserPromoCodes(db: DbOrTx, userId: string, page: number, perPage: number) {
  const mine = or(eq(promoCodes.userId, userId), eq(tickets.userId, userId));
  const [items, [total]] = await Promise.all([
    db
      .select({
        promo: promoCodes,
        ticketNumber: tickets.number,
        ticketId: sql<string | null>`case when ${tickets.userId} = ${userId} then ${tickets.id} end`,
      })
      .from(promoCodes)
      .leftJoin(tickets, eq(tickets.id, promoCodes.ticketId))
      .where(mine)
      .orderBy(desc(promoCodes.createdAt), promoCodes.code)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(promoCodes).leftJoin(tickets, eq(tickets.id, promoCodes.ticketId)).where(mine),
  ]);
  return { items, total: total?.n ?? 0 };
}

export function listActiveUserPromoCodes(db: DbOrTx, userId: string) {
  return db
    .select({ promo: promoCodes, ticketNumber: sql<number | null>`null`, ticketId: sql<string | null>`null` })
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.userId, userId),
        eq(promoCodes.status, 'active'),
        or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, sql`now()`)),
      ),
    )
    .orderBy(desc(promoCodes.createdAt));
}

export async function insertPromoCodes(db: DbOrTx, rows: (typeof promoCodes.$inferInsert)[]): Promise<PromoRow[]> {
  return db.insert(promoCodes).values(rows).returning();
}
