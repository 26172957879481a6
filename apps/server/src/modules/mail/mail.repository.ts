import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { outbox } from '../../db/schema';

export type NewMail = typeof outbox.$inferInsert;
export type OutboxRow = typeof outbox.$inferSelect;

export async function insertMail(db: DbOrTx, mail: NewMail): Promise<void> {
  await db.insert(outbox).values(mail);
}

/** The oldest pending mails, locked for this transaction; other processes skip them. */
export function lockPendingMails(tx: Tx, limit: number): Promise<OutboxRow[]> {
  return tx
    .select()
    .from(outbox)
    .where(eq(outbox.status, 'pending'))
    .orderBy(outbox.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markSent(tx: Tx, id: string): Promise<void> {
  await tx
    .update(outbox)
    .set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${outbox.attempts} + 1`, lastError: null })
    .where(eq(outbox.id, id));
}

export async function markFailedAttempt(tx: Tx, id: string, error: string, giveUp: boolean): Promise<void> {
  await tx
    .update(outbox)
    .set({ status: giveUp ? 'failed' : 'pending', attempts: sql`${outbox.attempts} + 1`, lastError: error })
    .where(and(eq(outbox.id, id)));
}
