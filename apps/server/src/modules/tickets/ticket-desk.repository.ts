import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { OPEN_TICKET_STATUSES, type TicketStatus } from '@obmen/shared';
import type { DbOrTx } from '../../db/database';
import { like, offset, paged, type Page } from '../../db/paging';
import { cardChecks, ticketHistory, tickets, users } from '../../db/schema';
import { hasUnreadMessages } from '../ticket-messages/ticket-messages.repository';

// The operator's queries on tickets: the queue, a ticket's history and card check.

const OPEN = OPEN_TICKET_STATUSES as TicketStatus[];

/** An overpaid ticket's excess still to send back (issue 45): the partial index `tickets_excess_refund_owed`. */
const excessRefundOwed = sql`${tickets.excessRefund} is not null and ${tickets.excessRefundTxid} is null`;

/**
 * The operator's queue: paid tickets and refunds to send first (they need hands now), then card
 * checks, holds, unpaid ones and payment problems the client decides, each oldest first; finished
 * tickets after them, newest first.
 */
export function searchTickets(db: DbOrTx, filter: { status: string; q?: string | undefined }, page: Page) {
  const conditions: SQL[] = [];
  if (filter.status === 'open') conditions.push(inArray(tickets.status, OPEN));
  else if (filter.status === 'excess_refund') conditions.push(excessRefundOwed);
  else if (filter.status === 'unread') conditions.push(hasUnreadMessages);
  else if (filter.status !== 'all') conditions.push(eq(tickets.status, filter.status as TicketStatus));
  const q = filter.q?.trim();
  if (q) {
    const number = /^[#№]?\s*(\d{1,15})$/.exec(q)?.[1];
    const compact = q.replace(/[\s-]/g, '');
    conditions.push(
      or(
        eq(tickets.id, q),
        number ? eq(tickets.number, Number(number)) : sql`false`,
        ilike(tickets.email, like(q)),
        sql`${tickets.requisites}::text ilike ${like(compact || q)}`,
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  return paged(
    db
      .select({
        ticket: tickets,
        username: users.username,
        cardCheck: cardChecks.status,
      })
      .from(tickets)
      .leftJoin(users, eq(users.id, tickets.userId))
      .leftJoin(cardChecks, eq(cardChecks.ticketId, tickets.id))
      .where(where)
      .orderBy(
        sql`case ${tickets.status} when 'new' then 0 when 'refund_requested' then 1 when 'card_check' then 2 when 'frozen' then 3 when 'advance' then 4 when 'payment_problem' then 5 else 6 end`,
        sql`case when ${inArray(tickets.status, OPEN)} then ${tickets.createdAt} end asc`,
        desc(tickets.createdAt),
      )
      .limit(page.perPage)
      .offset(offset(page)),
    db.select({ n: count() }).from(tickets).where(where),
    page,
  );
}

/**
 * Tickets whose clients still have to pay (or to show their card first), newest first: the clients
 * likeliest to be on the payment page now. And how many there are.
 */
export async function ticketsAwaitingPayment(db: DbOrTx, statuses: TicketStatus[], limit: number) {
  const where = inArray(tickets.status, statuses);
  const [items, [counted]] = await Promise.all([
    db.select().from(tickets).where(where).orderBy(desc(tickets.createdAt)).limit(limit),
    db.select({ n: count() }).from(tickets).where(where),
  ]);
  return { items, total: counted?.n ?? 0 };
}

export async function countExcessRefundsOwed(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tickets).where(excessRefundOwed);
  return row?.n ?? 0;
}

export async function countTicketsByStatus(db: DbOrTx): Promise<Map<TicketStatus, number>> {
  const rows = await db.select({ status: tickets.status, n: count() }).from(tickets).groupBy(tickets.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

export function ticketHistoryOf(db: DbOrTx, id: string) {
  return db
    .select({ entry: ticketHistory, operator: users.username })
    .from(ticketHistory)
    .leftJoin(users, sql`${ticketHistory.actor} = 'operator:' || ${users.id}::text`)
    .where(eq(ticketHistory.ticketId, id))
    .orderBy(ticketHistory.createdAt);
}

export async function findUsername(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, id));
  return row?.username ?? null;
}

export async function findCardCheckRow(db: DbOrTx, ticketId: string) {
  const [row] = await db.select().from(cardChecks).where(eq(cardChecks.ticketId, ticketId));
  return row;
}
