import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { currencies, directions, ticketPayments, tickets } from '../../db/schema';
import { PENDING_PAYMENT_WAIT_MS, WATCHER_OUTAGE_WAIT_MS } from './payment-wait';
import type { TicketRow } from './tickets.repository';

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

const passedSince = (ms: number) => sql`now() - make_interval(secs => ${ms / 1000}::float8)`;

/**
 * Whether an unpaid ticket past its deadline is still waited for (issue 42), for `tickets` rows:
 * payments sent within the window, one still unconfirmed, that add up to at least the ticket's
 * minimum (its direction's threshold or minimum sum, or its sum when less), for a day after the
 * deadline; or, for a while, its give currency's watcher is in error and may be missing its payment.
 */
export const awaitsPayment = sql`(
  (${tickets.paymentDeadline} > ${passedSince(PENDING_PAYMENT_WAIT_MS)}
    and exists (select 1 from ${ticketPayments} where ${ticketPayments.ticketId} = ${tickets.id}
      and ${ticketPayments.goneAt} is null and ${ticketPayments.confirmedAt} is null
      and ${ticketPayments.seenAt} <= ${tickets.paymentDeadline})
    and (select coalesce(sum(${ticketPayments.amount}), 0) from ${ticketPayments}
      where ${ticketPayments.ticketId} = ${tickets.id} and ${ticketPayments.goneAt} is null
      and ${ticketPayments.seenAt} <= ${tickets.paymentDeadline})
      >= least(${tickets.giveSum}, coalesce((select coalesce(${directions.threshold}, ${directions.minSum})
        from ${directions} where ${directions.giveCode} = ${tickets.giveCode}
        and ${directions.getCode} = ${tickets.getCode}), ${tickets.giveSum})))
  or (${tickets.depositAddress} is not null and ${tickets.paymentDeadline} > ${passedSince(WATCHER_OUTAGE_WAIT_MS)}
    and exists (select 1 from ${currencies} where ${currencies.code} = ${tickets.giveCode}
      and ${currencies.watchError} is not null))
)`;

/** Whether the job would still keep this ticket open (`awaitsPayment`). */
export async function ticketAwaitsPayment(tx: Tx, id: string): Promise<boolean> {
  const rows = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, id), awaitsPayment));
  return rows.length > 0;
}

/**
 * Tickets their client marked paid whose payments counted short of the sum (by more than the give
 * currency's last unit) once their deadline passed and nothing more is awaited, locked as
 * `lockExpiredTickets` locks: the total at the deadline is the verdict (issue 42).
 */
export function lockShortPaidTickets(tx: Tx, limit: number): Promise<TicketRow[]> {
  const counted = sql`(select coalesce(sum(${ticketPayments.amount}), 0) from ${ticketPayments}
    where ${ticketPayments.ticketId} = ${tickets.id} and ${ticketPayments.confirmedAt} is not null
    and ${ticketPayments.goneAt} is null)`;
  const unit = sql`(select power(10::numeric, -${currencies.scale}) from ${currencies} where ${currencies.code} = ${tickets.giveCode})`;
  return tx
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.status, 'new'),
        lt(tickets.paymentDeadline, sql`now()`),
        sql`${counted} > 0 and ${counted} < ${tickets.giveSum} - ${unit}`,
        sql`not ${awaitsPayment}`,
      ),
    )
    .orderBy(tickets.paymentDeadline)
    .limit(limit)
    .for('update', { skipLocked: true });
}
