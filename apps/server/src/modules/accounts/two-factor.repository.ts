import { and, eq, isNotNull, isNull, ne, or, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { recoveryCodes, sessions, twoFactors } from '../../db/schema';

export type TwoFactorRow = typeof twoFactors.$inferSelect;

export async function findTwoFactor(db: DbOrTx, userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, userId)).limit(1);
  return row;
}

export async function isTwoFactorEnabled(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactors.userId })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, userId), isNotNull(twoFactors.enabledAt)))
    .limit(1);
  return row !== undefined;
}

/** A new enrolment, replacing one not yet confirmed; nothing when 2FA is on already. */
export async function upsertPendingTwoFactor(db: DbOrTx, userId: string, sealedSecret: string): Promise<boolean> {
  const rows = await db
    .insert(twoFactors)
    .values({ userId, sealedSecret })
    .onConflictDoUpdate({
      target: twoFactors.userId,
      set: { sealedSecret, lastUsedStep: null, createdAt: sql`now()` },
      setWhere: isNull(twoFactors.enabledAt),
    })
    .returning({ userId: twoFactors.userId });
  return rows.length > 0;
}

/**
 * Records that the code of `step` was used: only when no code of that step or a later one was
 * (RFC 6238 §5.2), atomically, so two requests with one code cannot both pass.
 */
export async function takeStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactors)
    .set({ lastUsedStep: step })
    .where(and(eq(twoFactors.userId, userId), or(isNull(twoFactors.lastUsedStep), lt(twoFactors.lastUsedStep, step))))
    .returning({ userId: twoFactors.userId });
  return rows.length > 0;
}

export async function markTwoFactorEnabled(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(twoFactors)
    .set({ enabledAt: sql`now()` })
    .where(eq(twoFactors.userId, userId));
}

export async function deleteTwoFactor(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(twoFactors).where(eq(twoFactors.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, codeHashes: string[]): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Takes a recovery code: once only, even with two requests at the same moment. */
export async function takeRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ userId: recoveryCodes.userId });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.count ?? 0);
}

/** Ends every session of the user but the one named (the caller's). */
export async function deleteOtherSessions(db: DbOrTx, userId: string, keepTokenHash: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));
}
