import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { registerCodes } from '../../db/schema';

/** Keeps the newest code of an e-mail: an earlier one stops working and the wrong tries start again. */
export async function saveRegisterCode(db: DbOrTx, email: string, codeHash: string, expiresAt: Date): Promise<void> {
  // E-mails of people who never signed up are kept no longer than their codes: the table stays 15 minutes deep.
  await db.delete(registerCodes).where(lt(registerCodes.expiresAt, sql`now()`));
  await db
    .insert(registerCodes)
    .values({ email, codeHash, expiresAt })
    .onConflictDoUpdate({
      target: registerCodes.email,
      set: { codeHash, expiresAt, wrongTries: 0, createdAt: sql`now()` },
    });
}

/**
 * One try of a code for an e-mail: true when it is the live code. A wrong one is counted under the
 * row's lock, so however many tries arrive at once, no more than `maxWrongTries` are judged.
 */
export async function tryRegisterCode(
  db: DbOrTx,
  email: string,
  codeHash: string,
  maxWrongTries: number,
): Promise<boolean> {
  const matches = sql<boolean>`${registerCodes.codeHash} = ${codeHash}`;
  const [row] = await db
    .update(registerCodes)
    .set({ wrongTries: sql`${registerCodes.wrongTries} + case when ${matches} then 0 else 1 end` })
    .where(
      and(
        eq(registerCodes.email, email),
        gt(registerCodes.expiresAt, sql`now()`),
        lt(registerCodes.wrongTries, maxWrongTries),
      ),
    )
    .returning({ matches });
  return row?.matches === true;
}

/** Takes the live code of an e-mail: at most once. */
export async function consumeRegisterCode(db: DbOrTx, email: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .delete(registerCodes)
    .where(
      and(
        eq(registerCodes.email, email),
        eq(registerCodes.codeHash, codeHash),
        gt(registerCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ email: registerCodes.email });
  return rows.length > 0;
}
