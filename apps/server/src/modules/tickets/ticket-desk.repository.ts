import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  OPEN_TICKET_STATUSES,
  SLA_STATES,
  type AdminTicketSort,
  type SlaState,
  type TicketStatus,
} from '@obmen/shared';
import type { DbOrTx } from '../../db/database';
import { like, offset, paged, type Page } from '../../db/paging';
import {
  cardChecks,
  ticketClaims,
  ticketHistory,
  ticketPayouts,
  tickets,
  users,
  type SlaThresholds,
} from '../../db/schema';
import { hasUnreadMessages } from '../ticket-messages/ticket-messages.repository';
import { liveClaim } from './ticket-claims.repository';

// The operator's queries on tickets: the queue, a ticket's history and card check.

const OPEN = OPEN_TICKET_STATUSES as TicketStatus[];

/** An overpaid ticket's excess still to send back (issue 45): the partial index `tickets_excess_refund_owed`. */
const excessRefundOwed = sql`${tickets.excessRefund} is not null and ${tickets.excessRefundTxid} is null`;

// ——— The desk's clocks (issue 46): what a ticket waits for the exchanger in, and since when ———
// Both read `tickets` joined with its card check and its payout.

/** The waiting state a ticket's clock runs in, or null when it waits for nobody at the desk. */
const waitState = sql<SlaState | null>`case
  when ${tickets.status} = 'new' and ${ticketPayouts.state} = 'awaiting_approval' then 'awaiting_approval'
  when ${tickets.status} = 'card_check' and ${cardChecks.status} = 'pending' then 'card_check'
  when ${tickets.status} in ('new', 'payment_problem', 'refund_requested') then ${tickets.status}
end`;

/**
 * When its clock started: the payout's move to awaiting approval, the card photo's upload (before it
 * the client is the one to act), or the ticket's entry into its status (`ticket_history_ticket`).
 */
const waitSince = sql`case
  when ${tickets.status} = 'new' and ${ticketPayouts.state} = 'awaiting_approval' then ${ticketPayouts.updatedAt}
  when ${tickets.status} = 'card_check' and ${cardChecks.status} = 'pending' then ${cardChecks.uploadedAt}
  when ${tickets.status} in ('new', 'payment_problem', 'refund_requested') then (
    select max(h.created_at) from ${ticketHistory} h where h.ticket_id = ${tickets.id} and h.to_status = ${tickets.status})
end`;

const waitSeconds = sql`extract(epoch from now() - ${waitSince})`;

/** Seconds after which each waiting state turns this colour, as one SQL `case` over the waiting state. */
const thresholdSeconds = (sla: SlaThresholds, colour: 'amber' | 'red') =>
  sql`(case ${waitState} ${sql.join(
    SLA_STATES.map((state) => sql`when ${state} then ${sla[state][colour] * 60}::int`),
    sql` `,
  )} end)`;

/** 2 red, 1 amber, 0 within time, -1 not waiting: the queue's "worst breach first". */
const breachLevel = (sla: SlaThresholds) =>
  sql`case when ${waitSince} is null then -1 when ${waitSeconds} >= ${thresholdSeconds(sla, 'red')} then 2 when ${waitSeconds} >= ${thresholdSeconds(sla, 'amber')} then 1 else 0 end`;

const waitFields = {
  waitState,
  /** Milliseconds since the epoch, so every driver hands over the same number. */
  waitSinceMs: sql<number | null>`(extract(epoch from ${waitSince}) * 1000)::float8`.mapWith((v) =>
    v === null ? null : Number(v),
  ),
};

/** The oldest wait in each waiting state, in seconds, for /metrics. */
export async function oldestWaits(db: DbOrTx): Promise<Map<SlaState, number>> {
  const rows = await db
    .select({ state: waitState, seconds: sql<number>`max(${waitSeconds})::float8`.mapWith(Number) })
    .from(tickets)
    .leftJoin(cardChecks, eq(cardChecks.ticketId, tickets.id))
    .leftJoin(ticketPayouts, eq(ticketPayouts.ticketId, tickets.id))
    .where(inArray(tickets.status, ['new', 'card_check', 'payment_problem', 'refund_requested']))
    .groupBy(waitState);
  return new Map(rows.flatMap((r) => (r.state ? [[r.state, r.seconds] as const] : [])));
}

/** The tickets waiting past their state's red line now: what the Telegram alert check turns into `sla_red`. */
export async function waitsPastRed(db: DbOrTx, sla: SlaThresholds) {
  return db
    .select({
      id: tickets.id,
      number: tickets.number,
      state: sql<SlaState>`${waitState}`,
      waitSinceMs: waitFields.waitSinceMs,
      minutes: sql<number>`floor(${waitSeconds} / 60)::int`.mapWith(Number),
    })
    .from(tickets)
    .leftJoin(cardChecks, eq(cardChecks.ticketId, tickets.id))
    .leftJoin(ticketPayouts, eq(ticketPayouts.ticketId, tickets.id))
    .where(
      and(
        inArray(tickets.status, ['new', 'card_check', 'payment_problem', 'refund_requested']),
        sql`${waitSince} is not null and ${waitSeconds} >= ${thresholdSeconds(sla, 'red')}`,
      ),
    );
}

/** One ticket's clock: its waiting state and when it started, if it waits. */
export async function waitOf(db: DbOrTx, id: string) {
  const [row] = await db
    .select(waitFields)
    .from(tickets)
    .leftJoin(cardChecks, eq(cardChecks.ticketId, tickets.id))
    .leftJoin(ticketPayouts, eq(ticketPayouts.ticketId, tickets.id))
    .where(eq(tickets.id, id));
  return row;
}

const holders = alias(users, 'holders');

/**
 * The operator's queue: paid tickets and refunds to send first (they need hands now), then card
 * checks, holds, unpaid ones and payment problems the client decides, each oldest first; finished
 * tickets after them, newest first.
 */
export function searchTickets(
  db: DbOrTx,
  filter: { status: string; q?: string | undefined },
  page: Page,
  desk: { sort: AdminTicketSort; sla: SlaThresholds; claimIdleMinutes: number },
) {
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
        claim: ticketClaims,
        holder: holders.username,
        ...waitFields,
      })
      .from(tickets)
      .leftJoin(users, eq(users.id, tickets.userId))
      .leftJoin(cardChecks, eq(cardChecks.ticketId, tickets.id))
      .leftJoin(ticketPayouts, eq(ticketPayouts.ticketId, tickets.id))
      .leftJoin(ticketClaims, and(eq(ticketClaims.ticketId, tickets.id), liveClaim(desk.claimIdleMinutes)))
      .leftJoin(holders, eq(holders.id, ticketClaims.operatorId))
      .where(where)
      .orderBy(
        // By breach: red before amber before within time, the longest over its red line first.
        ...(desk.sort === 'breach'
          ? [
              sql`${breachLevel(desk.sla)} desc`,
              sql`${waitSeconds} / ${thresholdSeconds(desk.sla, 'red')} desc nulls last`,
            ]
          : []),
        sql`case ${tickets.status} when 'new' then 0 when 'on_review' then 0 when 'refund_requested' then 1 when 'card_check' then 2 when 'frozen' then 3 when 'advance' then 4 when 'payment_problem' then 5 else 6 end`,
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
