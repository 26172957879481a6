import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { ticketPayments } from '../../db/schema';

export type TicketPaymentRow = typeof ticketPayments.$inferSelect;
export type NewTicketPayment = typeof ticketPayments.$inferInsert;

export function listPayments(db: DbOrTx, ticketId: string): Promise<TicketPaymentRow[]> {
  return db
    .select()
    .from(ticketPayments)
    .where(eq(ticketPayments.ticketId, ticketId))
    .orderBy(asc(ticketPayments.seenAt), asc(ticketPayments.createdAt));
}

/** The payment of a ticket by its transaction, locked: the ticket's lock already makes callers take turns. */
export async function findPayment(tx: Tx, ticketId: string, txid: string): Promise<TicketPaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(ticketPayments)
    .where(and(eq(ticketPayments.ticketId, ticketId), eq(ticketPayments.txid, txid)))
    .for('update');
  return row;
}

export async function insertPayment(tx: Tx, payment: NewTicketPayment): Promise<TicketPaymentRow> {
  const [row] = await tx.insert(ticketPayments).values(payment).returning();
  return row!;
}

export async function updatePayment(
  tx: Tx,
  ticketId: string,
  txid: string,
  changes: Partial<Pick<TicketPaymentRow, 'confirmations' | 'required' | 'confirmedAt' | 'goneAt'>>,
): Promise<TicketPaymentRow> {
  const [row] = await tx
    .update(ticketPayments)
    .set(changes)
    .where(and(eq(ticketPayments.ticketId, ticketId), eq(ticketPayments.txid, txid)))
    .returning();
  return row!;
}

/** The sum of a ticket's confirmed payments that did not vanish, as decimal text ('0' when none). */
export async function confirmedTotal(db: DbOrTx, ticketId: string): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ticketPayments.amount}), 0)::text` })
    .from(ticketPayments)
    .where(
      and(eq(ticketPayments.ticketId, ticketId), isNotNull(ticketPayments.confirmedAt), isNull(ticketPayments.goneAt)),
    );
  return row?.total ?? '0';
}
