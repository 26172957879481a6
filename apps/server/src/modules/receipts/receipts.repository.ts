import { asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { receiptKeys, reviewMonitors } from '../../db/schema';

export type ReceiptKeyRow = typeof receiptKeys.$inferSelect;
export type ReviewMonitorRow = typeof reviewMonitors.$inferSelect;

/** One change of the keys at a time: a rotation and a first key cannot both make an active one. */
export async function lockKeys(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('receipt-keys'))`);
}

export async function findActiveKey(db: DbOrTx): Promise<ReceiptKeyRow | undefined> {
  const [row] = await db.select().from(receiptKeys).where(isNull(receiptKeys.retiredAt));
  return row;
}

export async function findKey(db: DbOrTx, id: string): Promise<ReceiptKeyRow | undefined> {
  const [row] = await db.select().from(receiptKeys).where(eq(receiptKeys.id, id));
  return row;
}

/** Every key that ever signed, the active one first, then the newest retired. */
export function listKeys(db: DbOrTx): Promise<ReceiptKeyRow[]> {
  return db
    .select()
    .from(receiptKeys)
    .orderBy(sql`${receiptKeys.retiredAt} is not null`, desc(receiptKeys.createdAt));
}

export async function retireKey(tx: Tx, id: string): Promise<void> {
  await tx
    .update(receiptKeys)
    .set({ retiredAt: sql`now()` })
    .where(eq(receiptKeys.id, id));
}

export async function insertKey(
  tx: Tx,
  key: Pick<ReceiptKeyRow, 'id' | 'publicKey' | 'sealedPrivateKey'>,
): Promise<ReceiptKeyRow> {
  const [row] = await tx.insert(receiptKeys).values(key).returning();
  return row!;
}

export function listReviewMonitors(db: DbOrTx): Promise<ReviewMonitorRow[]> {
  return db.select().from(reviewMonitors).orderBy(asc(reviewMonitors.position));
}

export async function replaceReviewMonitors(tx: Tx, links: { name: string; url: string }[]): Promise<void> {
  await tx.delete(reviewMonitors);
  if (links.length > 0) {
    await tx.insert(reviewMonitors).values(links.map((link, position) => ({ position, ...link })));
  }
}
