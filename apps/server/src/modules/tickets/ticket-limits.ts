import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/database';
import { ticketLimits, tickets } from '../../db/schema';
import { AppError } from '../../http/errors';
import { emailKey } from './email-key';
import { parseAddressRange, type AdminHoldsCancelGroup } from '@obmen/shared';

export type TicketLimitsRow = typeof ticketLimits.$inferSelect;
export type TicketLimitsChange = Pick<
  TicketLimitsRow,
  'openPerEmail' | 'openPerUser' | 'openPerAddress' | 'reserveSharePercent'
> &
  Partial<Pick<TicketLimitsRow, 'unpaidHoldPercent'>>;

/** The statuses in which a ticket holds a reserve before its client has paid. */
export const UNPAID_STATUSES = ['card_check', 'advance'] as const;

export async function readTicketLimits(db: DbOrTx): Promise<TicketLimitsRow> {
  const [row] = await db.select().from(ticketLimits).where(eq(ticketLimits.id, 1));
  if (!row) throw new Error('ticket_limits has no row: the migrations were not run');
  return row;
}

export async function writeTicketLimits(tx: Tx, change: TicketLimitsChange): Promise<TicketLimitsRow> {
  const [row] = await tx
    .update(ticketLimits)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(ticketLimits.id, 1))
    .returning();
  return row!;
}

export interface TicketOwner {
  email: string;
  userId: string | null;
  clientIp: string | null;
}

/** The names a client's creations lock while they count (ticket-batches.ts takes them in order). */
export function clientLocks(owner: TicketOwner): string[] {
  return [
    `tickets:email:${emailKey(owner.email)}`,
    ...(owner.userId ? [`tickets:user:${owner.userId}`] : []),
    ...(owner.clientIp ? [`tickets:ip:${owner.clientIp}`] : []),
  ];
}

/**
 * Refuses a new ticket when its client already has as many unpaid tickets as the limits allow (per
 * e-mail as `emailKey` counts it, per signed-in user, per address). Runs in the creating batch, which holds the client's
 * `clientLocks`: two creations of one client, even in batches of different reserves or in other
 * processes, count one after the other, so a burst cannot get past the limit.
 */
export async function checkOpenTickets(tx: Tx, owner: TicketOwner): Promise<void> {
  const open = (column: SQL | AnyPgColumn, value: string | null) =>
    sql<number>`(select count(*)::int from ${tickets} where ${inArray(tickets.status, UNPAID_STATUSES)} and ${column} = ${value})`;
  const [row] = await tx
    .select({
      byEmail: open(tickets.emailKey, emailKey(owner.email)),
      byUser: open(tickets.userId, owner.userId),
      byAddress: open(tickets.clientIp, owner.clientIp),
      limits: ticketLimits,
    })
    .from(ticketLimits)
    .where(eq(ticketLimits.id, 1));
  if (!row) throw new Error('ticket_limits has no row: the migrations were not run');
  const { byEmail, byUser, byAddress, limits } = row;
  if (owner.userId && byUser >= limits.openPerUser) {
    throw new AppError(429, 'too_many_open_tickets', 'ticket.tooManyOpenUser', { count: byUser });
  }
  if (byEmail >= limits.openPerEmail) {
    throw new AppError(429, 'too_many_open_tickets', 'ticket.tooManyOpenEmail', { count: byEmail, email: owner.email });
  }
  if (owner.clientIp && byAddress >= limits.openPerAddress) {
    throw new AppError(429, 'too_many_open_tickets', 'ticket.tooManyOpenAddress', { count: byAddress });
  }
}

export type HoldClientKind = 'email' | 'address';
// An e-mail client is one inbox, as the per-e-mail cap counts it (box+1@ and box+2@ are one hoarder).
const clientColumn = (by: HoldClientKind) =>
  by === 'email' ? sql`coalesce(${tickets.emailKey}, lower(${tickets.email}))` : sql`${tickets.clientIp}`;
const clientValue = (by: HoldClientKind, client: string) => (by === 'email' ? emailKey(client) : client);

/** Clients with open unpaid tickets, by e-mail or by address, most tickets first (the console's list). */
export async function listHolds(db: DbOrTx, by: HoldClientKind, limit: number) {
  const client = clientColumn(by);
  const rows = await db
    .select({
      client: sql<string>`${client}`,
      getCode: tickets.getCode,
      tickets: sql<number>`count(*)::int`,
      // What the client's tickets hold: a soft one (past the unpaid share) holds nothing.
      held: sql<string>`coalesce(sum(${tickets.getSum}) filter (where ${tickets.hold} <> 'soft'), 0)`,
      oldest: sql<Date>`min(${tickets.createdAt})`,
    })
    .from(tickets)
    .where(and(inArray(tickets.status, UNPAID_STATUSES), sql`${client} is not null`))
    .groupBy(client, tickets.getCode);
  const byClient = new Map<string, { client: string; tickets: number; oldest: Date; held: typeof rows }>();
  for (const row of rows) {
    const entry = byClient.get(row.client) ?? {
      client: row.client,
      tickets: 0,
      oldest: new Date(row.oldest),
      held: [],
    };
    entry.tickets += row.tickets;
    if (new Date(row.oldest) < entry.oldest) entry.oldest = new Date(row.oldest);
    entry.held.push(row);
    byClient.set(row.client, entry);
  }
  return [...byClient.values()].sort((a, b) => b.tickets - a.tickets || +a.oldest - +b.oldest).slice(0, limit);
}

/** The open unpaid tickets of one client, locked for cancelling; other processes skip none (they wait). */
export function lockOpenTicketsOf(tx: Tx, by: HoldClientKind, client: string) {
  return tx
    .select({ id: tickets.id, number: tickets.number })
    .from(tickets)
    .where(and(inArray(tickets.status, UNPAID_STATUSES), sql`${clientColumn(by)} = ${clientValue(by, client)}`))
    .orderBy(tickets.number)
    .for('update');
}

/**
 * The open unpaid tickets of a group (issue 42), locked for cancelling: from an address range, with an
 * e-mail domain, older than some minutes; every filter given must match.
 */
export function lockOpenTicketsInGroup(tx: Tx, group: Omit<AdminHoldsCancelGroup, 'note'>) {
  const range = group.addressRange ? parseAddressRange(group.addressRange) : null;
  // Only text that is an address is cast: the range test never sees (nor fails on) anything else.
  const inRange =
    range &&
    sql`case when ${tickets.clientIp} ~ '^[0-9A-Fa-f:.]+$' then ${tickets.clientIp}::inet <<= ${`${range.address}/${range.bits}`}::inet else false end`;
  return tx
    .select({ id: tickets.id, number: tickets.number })
    .from(tickets)
    .where(
      and(
        inArray(tickets.status, UNPAID_STATUSES),
        inRange ?? undefined,
        group.emailDomain ? sql`split_part(lower(${tickets.email}), '@', 2) = ${group.emailDomain}` : undefined,
        group.olderThanMinutes
          ? sql`${tickets.createdAt} < now() - make_interval(mins => ${group.olderThanMinutes}::int)`
          : undefined,
      ),
    )
    .orderBy(tickets.number)
    .for('update');
}
