import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import {
  currencies,
  directions,
  discountBands,
  prices,
  promoCodes,
  reserves,
  seoPairs,
  ticketLimits,
  tickets,
} from '../../db/schema';

export type CurrencyRow = typeof currencies.$inferSelect;
export type PriceRow = typeof prices.$inferSelect;
export type DirectionRow = typeof directions.$inferSelect;
export type DiscountBandRow = typeof discountBands.$inferSelect;
export type SeoPairRow = typeof seoPairs.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;

export function listCurrencies(db: DbOrTx): Promise<CurrencyRow[]> {
  return db.select().from(currencies).orderBy(asc(currencies.sortOrder), asc(currencies.code));
}

export function listPrices(db: DbOrTx): Promise<PriceRow[]> {
  return db.select().from(prices);
}

export function listDirections(db: DbOrTx): Promise<DirectionRow[]> {
  return db.select().from(directions);
}

export function listDiscountBands(db: DbOrTx): Promise<DiscountBandRow[]> {
  return db.select().from(discountBands).orderBy(asc(discountBands.minTurnoverUsd));
}

/** The percent of a currency's free reserve one ticket may take (ticket_limits, issue 33). */
export async function readTicketShare(db: DbOrTx): Promise<string> {
  const [row] = await db.select({ percent: ticketLimits.reserveSharePercent }).from(ticketLimits);
  if (!row) throw new Error('ticket_limits has no row: the migrations were not run');
  return row.percent;
}

/** What can still be promised of a currency: the balance less what open tickets hold. */
export async function readReserve(db: DbOrTx, code: string): Promise<string | undefined> {
  const [row] = await db
    .select({ available: sql<string>`greatest(${reserves.balance} - ${reserves.held}, 0)` })
    .from(reserves)
    .where(eq(reserves.currencyCode, code));
  return row?.available;
}

export async function findSeoPair(db: DbOrTx, giveCode: string, getCode: string): Promise<SeoPairRow | undefined> {
  const [row] = await db
    .select()
    .from(seoPairs)
    .where(and(eq(seoPairs.giveCode, giveCode), eq(seoPairs.getCode, getCode)));
  return row;
}

/** An active, unexpired code that is either general or issued to this user. */
export async function findUsablePromo(
  db: DbOrTx,
  code: string,
  userId: string | null,
): Promise<PromoCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.code, code.toUpperCase()),
        eq(promoCodes.status, 'active'),
        or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, sql`now()`)),
        userId ? or(isNull(promoCodes.userId), eq(promoCodes.userId, userId)) : isNull(promoCodes.userId),
      ),
    );
  return row;
}

/**
 * Why a code this user could see is not usable: used up, or held by an open ticket (whose number
 * and owner are given, so its owner can be told which). Undefined for a code they cannot see.
 */
export async function findTakenPromo(
  db: DbOrTx,
  code: string,
  userId: string | null,
): Promise<{ status: string; ticketNumber: number | null; ticketUserId: string | null } | undefined> {
  const [row] = await db
    .select({ status: promoCodes.status, ticketNumber: tickets.number, ticketUserId: tickets.userId })
    .from(promoCodes)
    .leftJoin(tickets, eq(tickets.id, promoCodes.ticketId))
    .where(
      and(
        eq(promoCodes.code, code.toUpperCase()),
        inArray(promoCodes.status, ['held', 'used']),
        userId ? or(isNull(promoCodes.userId), eq(promoCodes.userId, userId)) : isNull(promoCodes.userId),
      ),
    );
  return row;
}

/** The USD value of a user's successful exchanges: what their discount band is chosen by. */
export async function successfulTurnoverUsd(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${tickets.usdValue}), 0)` })
    .from(tickets)
    .where(and(eq(tickets.userId, userId), eq(tickets.status, 'success')));
  return row?.sum ?? '0';
}

/** The pairs with texts of their own, as `GIVE>GET` keys. */
export async function seoPairKeys(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select({ giveCode: seoPairs.giveCode, getCode: seoPairs.getCode }).from(seoPairs);
  return new Set(rows.map((row) => `${row.giveCode}>${row.getCode}`));
}

/**
 * The pairs people exchange most: successful tickets of the last 30 days by direction, busiest
 * first, then the pairs with a page of their own (so a new installation still shows some).
 */
export async function popularPairs(db: DbOrTx, limit: number): Promise<{ giveCode: string; getCode: string }[]> {
  const busiest = await db
    .select({ giveCode: tickets.giveCode, getCode: tickets.getCode })
    .from(tickets)
    .where(and(eq(tickets.status, 'success'), gt(tickets.createdAt, sql`now() - interval '30 days'`)))
    .groupBy(tickets.giveCode, tickets.getCode)
    .orderBy(sql`count(*) desc`, tickets.giveCode, tickets.getCode)
    .limit(limit);
  const paged = await db
    .select({ giveCode: seoPairs.giveCode, getCode: seoPairs.getCode })
    .from(seoPairs)
    .orderBy(asc(seoPairs.giveCode), asc(seoPairs.getCode))
    .limit(limit);
  const seen = new Set<string>();
  return [...busiest, ...paged].filter((pair) => {
    const key = `${pair.giveCode}>${pair.getCode}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
