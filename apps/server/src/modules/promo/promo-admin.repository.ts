import { and, asc, count, desc, eq, gt, ilike, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { like, offset, paged, type Page } from '../../db/paging';
import { promoCodes, tickets, users } from '../../db/schema';

export function searchPromoCodes(
  db: DbOrTx,
  filter: { q?: string | undefined; status?: string | undefined },
  page: Page,
) {
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(or(ilike(promoCodes.code, like(filter.q)), ilike(users.username, like(filter.q)))!);
  const unexpired = or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, sql`now()`))!;
  if (filter.status === 'expired') {
    conditions.push(eq(promoCodes.status, 'active'), lt(promoCodes.expiresAt, sql`now()`));
  } else if (filter.status === 'active') {
    conditions.push(eq(promoCodes.status, 'active'), unexpired);
  } else if (filter.status) {
    conditions.push(eq(promoCodes.status, filter.status as 'held'));
  }
  const where = conditions.length ? and(...conditions) : undefined;
  return paged(
    db
      .select({ promo: promoCodes, username: users.username, ticketNumber: tickets.number })
      .from(promoCodes)
      .leftJoin(users, eq(users.id, promoCodes.userId))
      .leftJoin(tickets, eq(tickets.id, promoCodes.ticketId))
      .where(where)
      .orderBy(desc(promoCodes.createdAt), asc(promoCodes.code))
      .limit(page.perPage)
      .offset(offset(page)),
    db.select({ n: count() }).from(promoCodes).leftJoin(users, eq(users.id, promoCodes.userId)).where(where),
    page,
  );
}
