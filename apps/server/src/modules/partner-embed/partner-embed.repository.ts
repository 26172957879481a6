import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { partnerEmbedOrigins, users } from '../../db/schema';

export type EmbedOriginRow = typeof partnerEmbedOrigins.$inferSelect;

export async function listOrigins(db: DbOrTx, userId: string): Promise<EmbedOriginRow[]> {
  return db
    .select()
    .from(partnerEmbedOrigins)
    .where(eq(partnerEmbedOrigins.userId, userId))
    .orderBy(asc(partnerEmbedOrigins.createdAt), asc(partnerEmbedOrigins.origin));
}

/** The origins of the partner with this referral number (none for an unknown number). */
export async function originsOfRefNumber(db: DbOrTx, refNumber: number): Promise<string[]> {
  const rows = await db
    .select({ origin: partnerEmbedOrigins.origin })
    .from(partnerEmbedOrigins)
    .innerJoin(users, eq(users.id, partnerEmbedOrigins.userId))
    .where(eq(users.refNumber, refNumber))
    .orderBy(asc(partnerEmbedOrigins.origin));
  return rows.map((row) => row.origin);
}

/** Holds the partner's row until the transaction ends: adds to one list are counted one at a time. */
export async function lockPartner(tx: DbOrTx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countOrigins(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(partnerEmbedOrigins).where(eq(partnerEmbedOrigins.userId, userId));
  return row?.n ?? 0;
}

/** The new row; undefined when the partner has that origin already. */
export async function insertOrigin(db: DbOrTx, userId: string, origin: string): Promise<EmbedOriginRow | undefined> {
  const [row] = await db.insert(partnerEmbedOrigins).values({ userId, origin }).onConflictDoNothing().returning();
  return row;
}

export async function deleteOrigin(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(partnerEmbedOrigins)
    .where(and(eq(partnerEmbedOrigins.userId, userId), eq(partnerEmbedOrigins.id, id)))
    .returning({ id: partnerEmbedOrigins.id });
  return rows.length > 0;
}
