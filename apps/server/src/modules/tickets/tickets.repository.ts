import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { TicketStatus } from '@obmen/shared';
import type { DbOrTx, Tx } from '../../db/database';
import {
  cardChecks,
  promoCodes,
  reserves,
  ticketHistory,
  ticketLimits,
  ticketPayments,
  tickets,
  users,
  verifiedCards,
} from '../../db/schema';
import { UNPAID_STATUSES } from './ticket-limits';
import { awaitsPayment } from './ticket-payments.repository';

export type TicketRow = typeof tickets.$inferSelect;
export type NewTicket = typeof tickets.$inferInsert;
export type HistoryRow = typeof ticketHistory.$inferSelect;
export type CardCheckRow = typeof cardChecks.$inferSelect;

export type HoldKind = NonNullable<NewTicket['hold']>;

const freeOf = sql`(${reserves.balance} - ${reserves.held})`;

/**
 * Holds `amount` of a reserve (a continued payment problem: paid), only if that much is still free
 * and it is no more than `share` of what is free (exchange-quotes.service's `ticketRoom`); false otherwise.
 */
export async function holdReserve(tx: Tx, code: string, amount: string, share: string): Promise<boolean> {
  const rows = await tx
    .update(reserves)
    .set({ held: sql`${reserves.held} + ${amount}`, updatedAt: sql`now()` })
    .where(and(eq(reserves.currencyCode, code), sql`${freeOf} >= ${amount}`, sql`${freeOf} * ${share} >= ${amount}`))
    .returning({ code: reserves.currencyCode });
  return rows.length > 0;
}

/**
 * Holds `amount` for a new, unpaid ticket as `holdReserve` does, and only while all unpaid holds of
 * the currency stay within ticket_limits' unpaid share of its balance (issue 42). One conditional
 * UPDATE of the reserve row: concurrent creations re-check it in turn on the row lock, so it is exact.
 */
export async function holdUnpaidReserve(tx: Tx, code: string, amount: string, share: string): Promise<boolean> {
  const cap = sql`(select ${ticketLimits.unpaidHoldPercent} from ${ticketLimits} where ${ticketLimits.id} = 1) / 100`;
  const rows = await tx
    .update(reserves)
    .set({
      held: sql`${reserves.held} + ${amount}`,
      heldUnpaid: sql`${reserves.heldUnpaid} + ${amount}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(reserves.currencyCode, code),
        sql`${freeOf} >= ${amount}`,
        sql`${freeOf} * ${share} >= ${amount}`,
        sql`${reserves.heldUnpaid} + ${amount} <= ${reserves.balance} * ${cap}`,
      ),
    )
    .returning({ code: reserves.currencyCode });
  return rows.length > 0;
}

/**
 * The ticket's payment counted: its hold becomes hard and paid. An unpaid hold leaves the unpaid
 * cap; a soft one is taken now if that much is free. False when it is not (the reserve went to others).
 */
export async function secureHold(tx: Tx, ticket: Pick<TicketRow, 'id' | 'hold' | 'getCode' | 'getSum'>) {
  if (ticket.hold === 'paid') return true;
  const taken = await tx
    .update(reserves)
    .set(
      ticket.hold === 'unpaid'
        ? { heldUnpaid: sql`${reserves.heldUnpaid} - ${ticket.getSum}`, updatedAt: sql`now()` }
        : { held: sql`${reserves.held} + ${ticket.getSum}`, updatedAt: sql`now()` },
    )
    .where(
      and(
        eq(reserves.currencyCode, ticket.getCode),
        ...(ticket.hold === 'soft' ? [sql`${freeOf} >= ${ticket.getSum}`] : []),
      ),
    )
    .returning({ code: reserves.currencyCode });
  if (taken.length === 0) return false;
  await tx.update(tickets).set({ hold: 'paid' }).where(eq(tickets.id, ticket.id));
  return true;
}

/** Gives a ticket's hold back (a soft one held nothing); with `paidOut`, the amount also leaves the balance. */
export async function releaseReserve(
  tx: Tx,
  code: string,
  amount: string,
  { paidOut, hold }: { paidOut: boolean; hold: HoldKind },
): Promise<void> {
  if (hold === 'soft' && !paidOut) return;
  await tx
    .update(reserves)
    .set({
      ...(hold !== 'soft' && { held: sql`${reserves.held} - ${amount}` }),
      ...(hold === 'unpaid' && { heldUnpaid: sql`${reserves.heldUnpaid} - ${amount}` }),
      ...(paidOut && { balance: sql`greatest(${reserves.balance} - ${amount}, 0)` }),
      updatedAt: sql`now()`,
    })
    .where(eq(reserves.currencyCode, code));
}

/**
 * Tickets their client marked paid with nothing received for them by their deadline: the hard hold
 * they took unpaid goes back (issue 42), so a click on "I have paid" cannot keep it for ever. They
 * stay for the operator and hold again when their payment counts (`secureHold`).
 */
export async function softenOverdueHolds(tx: Tx): Promise<string[]> {
  const rows = await tx
    .update(tickets)
    .set({ hold: 'soft' })
    .where(
      and(
        eq(tickets.status, 'new'),
        eq(tickets.hold, 'unpaid'),
        lt(tickets.paymentDeadline, sql`now()`),
        sql`not exists (select 1 from ${ticketPayments} where ${ticketPayments.ticketId} = ${tickets.id} and ${ticketPayments.goneAt} is null)`,
      ),
    )
    .returning({ code: tickets.getCode, sum: tickets.getSum });
  for (const row of rows) await releaseReserve(tx, row.code, row.sum, { paidOut: false, hold: 'unpaid' });
  return rows.map((row) => row.code);
}

/** What a completed exchange brought in adds to that currency's balance. */
export async function addToReserve(tx: Tx, code: string, amount: string): Promise<void> {
  await tx
    .update(reserves)
    .set({ balance: sql`${reserves.balance} + ${amount}`, updatedAt: sql`now()` })
    .where(eq(reserves.currencyCode, code));
}

/** Takes an active promo code for a ticket; false when it is gone (another ticket was first) or expired. */
export async function holdPromo(tx: Tx, code: string, ticketId: string, userId: string | null): Promise<boolean> {
  const rows = await tx
    .update(promoCodes)
    .set({ status: 'held', ticketId })
    .where(
      and(
        eq(promoCodes.code, code),
        eq(promoCodes.status, 'active'),
        sql`(${promoCodes.expiresAt} is null or ${promoCodes.expiresAt} > now())`,
        userId
          ? sql`(${promoCodes.userId} is null or ${promoCodes.userId} = ${userId})`
          : sql`${promoCodes.userId} is null`,
      ),
    )
    .returning({ code: promoCodes.code });
  return rows.length > 0;
}

export async function settlePromo(tx: Tx, code: string, ticketId: string, used: boolean): Promise<void> {
  await tx
    .update(promoCodes)
    .set(used ? { status: 'used', usedAt: sql`now()` } : { status: 'active', ticketId: null })
    .where(and(eq(promoCodes.code, code), eq(promoCodes.ticketId, ticketId), eq(promoCodes.status, 'held')));
}

/** Inserts a ticket; undefined when its idempotency key was used first by another request. */
export async function insertTicket(tx: Tx, ticket: NewTicket): Promise<TicketRow | undefined> {
  const [row] = await tx.insert(tickets).values(ticket).onConflictDoNothing().returning();
  return row;
}

export async function findTicket(db: DbOrTx, id: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  return row;
}

/** The ticket with this number, if it was made with this e-mail (compared without case). */
export async function findTicketByNumberAndEmail(
  db: DbOrTx,
  number: number,
  email: string,
): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.number, number), sql`lower(${tickets.email}) = lower(${email})`));
  return row;
}

/** The public referral id of the partner a ticket was brought by. */
export async function findReferralNumber(db: DbOrTx, referrerId: string): Promise<number | undefined> {
  const [row] = await db.select({ refNumber: users.refNumber }).from(users).where(eq(users.id, referrerId));
  return row?.refNumber;
}

export async function findTicketByIdempotencyKey(db: DbOrTx, key: string): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(tickets).where(eq(tickets.idempotencyKey, key));
  return row;
}

/** The ticket, locked until the transaction ends: status changes of one ticket take turns. */
export async function lockTicket(tx: Tx, id: string): Promise<TicketRow | undefined> {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
  return row;
}

export async function updateTicket(tx: Tx, id: string, changes: Partial<NewTicket>): Promise<TicketRow> {
  const [row] = await tx
    .update(tickets)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(tickets.id, id))
    .returning();
  return row!;
}

export async function appendHistory(
  tx: Tx,
  entry: {
    ticketId: string;
    fromStatus: TicketStatus | null;
    toStatus: TicketStatus;
    actor: string;
    note?: string | null;
  },
) {
  const [row] = await tx.insert(ticketHistory).values(entry).returning({ createdAt: ticketHistory.createdAt });
  return row!.createdAt;
}

export function listHistory(db: DbOrTx, ticketId: string): Promise<HistoryRow[]> {
  return db.select().from(ticketHistory).where(eq(ticketHistory.ticketId, ticketId)).orderBy(ticketHistory.createdAt);
}

export async function listUserTickets(db: DbOrTx, userId: string, page: number, perPage: number) {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(tickets)
      .where(eq(tickets.userId, userId))
      .orderBy(desc(tickets.createdAt), desc(tickets.number))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(tickets).where(eq(tickets.userId, userId)),
  ]);
  return { items, total: total?.n ?? 0 };
}

/**
 * Unpaid tickets whose window (for the payment or the card photo) has passed, locked; other
 * processes skip them. A ticket still awaiting a payment (`awaitsPayment`: one sent in time of at
 * least its minimum, or its watcher down) is not one of them, for a bounded time (issue 42).
 */
export function lockExpiredTickets(tx: Tx, limit: number, id?: string): Promise<TicketRow[]> {
  return tx
    .select()
    .from(tickets)
    .where(
      and(
        inArray(tickets.status, UNPAID_STATUSES),
        lt(tickets.paymentDeadline, sql`now()`),
        sql`not ${awaitsPayment}`,
        ...(id ? [eq(tickets.id, id)] : []),
      ),
    )
    .orderBy(tickets.paymentDeadline)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function findCardCheck(db: DbOrTx, ticketId: string): Promise<CardCheckRow | undefined> {
  const [row] = await db.select().from(cardChecks).where(eq(cardChecks.ticketId, ticketId));
  return row;
}

/** Records a new photo for a ticket; a photo sent again replaces the earlier one and its verdict. */
export async function upsertCardCheck(db: DbOrTx, ticketId: string, fileName: string): Promise<void> {
  await db
    .insert(cardChecks)
    .values({ ticketId, fileName })
    .onConflictDoUpdate({
      target: cardChecks.ticketId,
      set: { fileName, status: 'pending', reason: null, uploadedAt: sql`now()`, decidedAt: null },
    });
}

export async function decideCardCheck(tx: Tx, ticketId: string, approved: boolean, reason: string | null) {
  await tx
    .update(cardChecks)
    .set({ status: approved ? 'approved' : 'rejected', reason, decidedAt: sql`now()` })
    .where(eq(cardChecks.ticketId, ticketId));
}

export async function isCardVerified(db: DbOrTx, ownerKey: string, cardHash: string): Promise<boolean> {
  const rows = await db
    .select({ ownerKey: verifiedCards.ownerKey })
    .from(verifiedCards)
    .where(and(eq(verifiedCards.ownerKey, ownerKey), eq(verifiedCards.cardHash, cardHash)));
  return rows.length > 0;
}

export async function addVerifiedCard(tx: Tx, ownerKey: string, cardHash: string): Promise<void> {
  await tx.insert(verifiedCards).values({ ownerKey, cardHash }).onConflictDoNothing();
}
