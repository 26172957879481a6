import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { partnerApiKeys, users } from '../../db/schema';

export type PartnerKeyRow = typeof partnerApiKeys.$inferSelect;

/** Holds the account's row until the transaction ends: two key creations cannot both pass the cap. */
export async function lockAccount(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countLiveKeys(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(partnerApiKeys)
    .where(and(eq(partnerApiKeys.userId, userId), isNull(partnerApiKeys.revokedAt)));
  return row?.n ?? 0;
}

export async function insertKey(tx: Tx, key: typeof partnerApiKeys.$inferInsert): Promise<PartnerKeyRow> {
  const [row] = await tx.insert(partnerApiKeys).values(key).returning();
  return row!;
}

/** Live keys first, each group newest first. */
export function listKeys(db: DbOrTx, userId: string): Promise<PartnerKeyRow[]> {
  return db
    .select()
    .from(partnerApiKeys)
    .where(eq(partnerApiKeys.userId, userId))
    .orderBy(sql`${partnerApiKeys.revokedAt} is not null`, desc(partnerApiKeys.createdAt));
}

/** Revokes the account's own live key; undefined when there is none such (another's, or revoked already). */
export async function revokeKey(tx: Tx, userId: string, id: string): Promise<PartnerKeyRow | undefined> {
  const [row] = await tx
    .update(partnerApiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(partnerApiKeys.id, id), eq(partnerApiKeys.userId, userId), isNull(partnerApiKeys.revokedAt)))
    .returning();
  return row;
}

export async function findKeyByHash(db: DbOrTx, secretHash: string): Promise<PartnerKeyRow | undefined> {
  const [row] = await db.select().from(partnerApiKeys).where(eq(partnerApiKeys.secretHash, secretHash));
  return row;
}

/** Notes a use, at most once a minute per key: a busy key does not write a row on every call. */
export async function touchKey(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(partnerApiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(partnerApiKeys.id, id),
        sql`(${partnerApiKeys.lastUsedAt} is null or ${partnerApiKeys.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
}
