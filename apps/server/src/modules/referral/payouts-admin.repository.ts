import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { offset, paged, type Page } from '../../db/paging';
import { referralPayouts, users } from '../../db/schema';

export type PayoutRow = typeof referralPayouts.$inferSelect;

// The operators' side of partners' payout requests: the queue, approving, paying.

export function listPayoutsForOperators(db: DbOrTx, status: string | undefined, page: Page) {
  const where =
    status === 'approved'
      ? and(eq(referralPayouts.status, 'pending'), isNotNull(referralPayouts.approvedAt))
      : status === 'pending'
        ? and(eq(referralPayouts.status, 'pending'), isNull(referralPayouts.approvedAt))
        : status
          ? eq(referralPayouts.status, status as 'paid')
          : undefined;
  return paged(
    db
      .select({ payout: referralPayouts, username: users.username })
      .from(referralPayouts)
      .innerJoin(users, eq(users.id, referralPayouts.userId))
      .where(where)
      // Waiting requests first, oldest first: each has a 24-hour promise on it.
      .orderBy(sql`case ${referralPayouts.status} when 'pending' then 0 else 1 end`, referralPayouts.createdAt)
      .limit(page.perPage)
      .offset(offset(page)),
    db.select({ n: count() }).from(referralPayouts).where(where),
    page,
  );
}

export async function findPayout(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ payout: referralPayouts, username: users.username })
    .from(referralPayouts)
    .innerJoin(users, eq(users.id, referralPayouts.userId))
    .where(eq(referralPayouts.id, id));
  return row;
}

export async function approvePayout(tx: Tx, id: string, approvedBy: string): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(referralPayouts)
    .set({ approvedAt: sql`now()`, approvedBy })
    .where(and(eq(referralPayouts.id, id), eq(referralPayouts.status, 'pending'), isNull(referralPayouts.approvedAt)))
    .returning();
  return row;
}

/** Marks an approved request paid; a payout not yet approved or already decided is left alone. */
export async function payApprovedPayout(tx: Tx, id: string, reference: string): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(referralPayouts)
    .set({ status: 'paid', reference, decidedAt: sql`now()` })
    .where(
      and(eq(referralPayouts.id, id), eq(referralPayouts.status, 'pending'), isNotNull(referralPayouts.approvedAt)),
    )
    .returning();
  return row;
}
