import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { referralBalances, referralCharges, referralPayouts, refVisits, tickets, users } from '../../db/schema';

export type PayoutRow = typeof referralPayouts.$inferSelect;

/** Records a visit; false when this visitor was already counted for this referrer today (UTC). */
export async function recordVisit(db: DbOrTx, referrerId: string, visitorHash: string): Promise<boolean> {
  const rows = await db
    .insert(refVisits)
    .values({ referrerId, visitorHash })
    .onConflictDoNothing()
    .returning({ referrerId: refVisits.referrerId });
  return rows.length > 0;
}

export async function countVisits(db: DbOrTx, referrerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(refVisits).where(eq(refVisits.referrerId, referrerId));
  return row?.n ?? 0;
}

/** First-level referrals, and how many of them have a successful ticket ("active", spec §1). */
export async function countReferrals(db: DbOrTx, referrerId: string): Promise<{ all: number; active: number }> {
  const [row] = await db
    .select({
      all: count(),
      active: sql<number>`count(*) filter (where exists (
        select 1 from tickets t where t.user_id = users.id and t.status = 'success'))`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.referrerId, referrerId));
  return { all: row?.all ?? 0, active: row?.active ?? 0 };
}

export async function referralTotals(db: DbOrTx, userId: string) {
  const [earned] = await db
    .select({ sum: sql<string>`coalesce(sum(${referralCharges.amountUsd}), 0)` })
    .from(referralCharges)
    .where(eq(referralCharges.referrerId, userId));
  const [payouts] = await db
    .select({
      paid: sql<string>`coalesce(sum(${referralPayouts.amountUsd}) filter (where ${referralPayouts.status} = 'paid'), 0)`,
      pending: sql<string>`coalesce(sum(${referralPayouts.amountUsd}) filter (where ${referralPayouts.status} = 'pending'), 0)`,
    })
    .from(referralPayouts)
    .where(eq(referralPayouts.userId, userId));
  const [balance] = await db
    .select({ balance: referralBalances.balanceUsd })
    .from(referralBalances)
    .where(eq(referralBalances.userId, userId));
  return {
    earned: earned?.sum ?? '0',
    paid: payouts?.paid ?? '0',
    pending: payouts?.pending ?? '0',
    balance: balance?.balance ?? '0',
  };
}

/** The reward of one ticket; false when that ticket was already rewarded. */
export async function insertCharge(
  tx: Tx,
  charge: { ticketId: string; referrerId: string; ticketUsd: string; amountUsd: string },
): Promise<boolean> {
  const rows = await tx
    .insert(referralCharges)
    .values(charge)
    .onConflictDoNothing()
    .returning({ ticketId: referralCharges.ticketId });
  return rows.length > 0;
}

export async function creditBalance(tx: Tx, userId: string, amountUsd: string): Promise<void> {
  await tx
    .insert(referralBalances)
    .values({ userId, balanceUsd: amountUsd })
    .onConflictDoUpdate({
      target: referralBalances.userId,
      set: { balanceUsd: sql`${referralBalances.balanceUsd} + ${amountUsd}`, updatedAt: sql`now()` },
    });
}

/** Takes `amountUsd` from a balance only when it is all there: one statement, so two requests cannot both take it. */
export async function debitBalance(tx: Tx, userId: string, amountUsd: string): Promise<boolean> {
  const rows = await tx
    .update(referralBalances)
    .set({ balanceUsd: sql`${referralBalances.balanceUsd} - ${amountUsd}`, updatedAt: sql`now()` })
    .where(and(eq(referralBalances.userId, userId), sql`${referralBalances.balanceUsd} >= ${amountUsd}`))
    .returning({ userId: referralBalances.userId });
  return rows.length > 0;
}

export async function insertPayout(tx: Tx, payout: typeof referralPayouts.$inferInsert): Promise<PayoutRow> {
  const [row] = await tx.insert(referralPayouts).values(payout).returning();
  return row!;
}

/** Decides a pending payout; undefined when it was not pending any more. */
export async function decidePayout(
  tx: Tx,
  id: string,
  decision: { status: 'paid' | 'rejected'; reference?: string | null; reason?: string | null },
): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(referralPayouts)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(and(eq(referralPayouts.id, id), eq(referralPayouts.status, 'pending')))
    .returning();
  return row;
}

export async function listCharges(db: DbOrTx, userId: string, page: number, perPage: number) {
  const [items, [total]] = await Promise.all([
    db
      .select({ charge: referralCharges, ticketNumber: tickets.number })
      .from(referralCharges)
      .innerJoin(tickets, eq(tickets.id, referralCharges.ticketId))
      .where(eq(referralCharges.referrerId, userId))
      .orderBy(desc(referralCharges.createdAt))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(referralCharges).where(eq(referralCharges.referrerId, userId)),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function listPayouts(db: DbOrTx, userId: string | null, page: number, perPage: number) {
  const where = userId ? eq(referralPayouts.userId, userId) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(referralPayouts)
      .where(where)
      .orderBy(desc(referralPayouts.createdAt))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(referralPayouts).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}
