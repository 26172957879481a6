import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { cannedReplies } from '../../db/schema';

export type CannedReplyRow = typeof cannedReplies.$inferSelect;
type CannedReplyText = Pick<CannedReplyRow, 'title' | 'textRu' | 'textEn'>;

export const listCannedReplies = (db: DbOrTx) => db.select().from(cannedReplies).orderBy(asc(cannedReplies.title));

export async function findCannedReply(db: DbOrTx, id: string): Promise<CannedReplyRow | undefined> {
  const [row] = await db.select().from(cannedReplies).where(eq(cannedReplies.id, id));
  return row;
}

export async function insertCannedReply(tx: Tx, reply: CannedReplyText): Promise<CannedReplyRow> {
  const [row] = await tx.insert(cannedReplies).values(reply).returning();
  return row!;
}

export async function updateCannedReply(tx: Tx, id: string, reply: CannedReplyText) {
  const [row] = await tx
    .update(cannedReplies)
    .set({ ...reply, updatedAt: sql`now()` })
    .where(eq(cannedReplies.id, id))
    .returning();
  return row;
}

export async function deleteCannedReply(tx: Tx, id: string) {
  const [row] = await tx.delete(cannedReplies).where(eq(cannedReplies.id, id)).returning();
  return row;
}
