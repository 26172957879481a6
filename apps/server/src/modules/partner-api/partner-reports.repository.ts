import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { partnerApiKeys, referralCharges, tickets } from '../../db/schema';
import type { TicketRow } from '../tickets/tickets.repository';

/** Where a report page starts: after this ticket, in the order (created_at, id). */
export interface ReportCursor {
  /** created_at to the microsecond, as PostgreSQL keeps it (a JS Date would lose the last three digits). */
  at: string;
  id: string;
}

export interface ReportRow {
  ticket: TicketRow;
  commissionUsd: string | null;
  cursor: ReportCursor;
}

/**
 * The partner's tickets (its referral, whichever channel brought it) created in [from, to), oldest
 * first, after `cursor`; `limit` at most. Keyset paging: a ticket made meanwhile neither repeats nor
 * shifts a page, as an offset would.
 */
export async function listPartnerTickets(
  db: DbOrTx,
  partnerId: string,
  range: { from: Date; to: Date },
  cursor: ReportCursor | null,
  limit: number,
): Promise<ReportRow[]> {
  const rows = await db
    .select({
      ticket: tickets,
      commissionUsd: referralCharges.amountUsd,
      at: sql<string>`to_char(${tickets.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(tickets)
    .leftJoin(referralCharges, and(eq(referralCharges.ticketId, tickets.id), eq(referralCharges.referrerId, partnerId)))
    .where(
      and(
        eq(tickets.referrerId, partnerId),
        gte(tickets.createdAt, range.from),
        lt(tickets.createdAt, range.to),
        cursor ? sql`(${tickets.createdAt}, ${tickets.id}) > (${cursor.at}::timestamptz, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(asc(tickets.createdAt), asc(tickets.id))
    .limit(limit);
  return rows.map(({ ticket, commissionUsd, at }) => ({ ticket, commissionUsd, cursor: { at, id: ticket.id } }));
}

/** A ticket made with one of the partner's keys, by its id or its number; no other ticket. */
export async function findKeyedTicket(db: DbOrTx, partnerId: string, ref: string): Promise<TicketRow | undefined> {
  const byRef = /^\d{1,15}$/.test(ref) ? or(eq(tickets.id, ref), eq(tickets.number, Number(ref))) : eq(tickets.id, ref);
  const [row] = await db
    .select({ ticket: tickets })
    .from(tickets)
    .where(
      and(
        byRef,
        inArray(
          tickets.apiKeyId,
          db.select({ id: partnerApiKeys.id }).from(partnerApiKeys).where(eq(partnerApiKeys.userId, partnerId)),
        ),
      ),
    );
  return row?.ticket;
}
