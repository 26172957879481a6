import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import {
  auditLog,
  currencies,
  directions,
  discountBands,
  faqItems,
  news,
  outbox,
  pages,
  prices,
  promoCodes,
  referralPayouts,
  reserves,
  seoPairs,
  ticketHistory,
  tickets,
  users,
} from '../../db/schema';

export interface AuditEntry {
  actorId: string | null;
  actorName: string;
  action: string;
  resource: string;
  resourceId: string;
  before: unknown;
  after: unknown;
}

export async function writeAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values(entry);
}

const paged = async <T>(items: Promise<T[]>, total: Promise<{ n: number }[]>, page: number, perPage: number) => {
  const [rows, [counted]] = await Promise.all([items, total]);
  return { items: rows, page, perPage, total: counted?.n ?? 0 };
};

const OPEN = ['card_check', 'advance', 'new', 'frozen'] as const;

/** The operator's queue: "in progress" first (it needs hands), then the oldest first. */
export function searchTickets(db: DbOrTx, filter: { status?: string; q?: string }, page: number, perPage: number) {
  const conditions: SQL[] = [];
  if (filter.status === 'open') conditions.push(inArray(tickets.status, [...OPEN]));
  else if (filter.status) conditions.push(eq(tickets.status, filter.status as (typeof OPEN)[number]));
  if (filter.q) {
    const q = filter.q.trim();
    conditions.push(
      or(
        eq(tickets.id, q),
        /^\d+$/.test(q) ? eq(tickets.number, Number(q)) : sql`false`,
        ilike(tickets.email, `%${q}%`),
        sql`${tickets.requisites}::text ilike ${`%${q.replace(/[\s-]/g, '')}%`}`,
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  return paged(
    db
      .select()
      .from(tickets)
      .where(where)
      .orderBy(
        sql`case ${tickets.status} when 'new' then 0 when 'card_check' then 1 when 'frozen' then 2 when 'advance' then 3 else 4 end`,
        tickets.createdAt,
      )
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(tickets).where(where),
    page,
    perPage,
  );
}

export function ticketHistoryOf(db: DbOrTx, id: string) {
  return db.select().from(ticketHistory).where(eq(ticketHistory.ticketId, id)).orderBy(ticketHistory.createdAt);
}

export const listAllCurrencies = (db: DbOrTx) => db.select().from(currencies).orderBy(currencies.sortOrder);
export const listAllDirections = (db: DbOrTx) =>
  db.select().from(directions).orderBy(directions.giveCode, directions.getCode);
export const listAllPrices = (db: DbOrTx) => db.select().from(prices).orderBy(prices.currencyCode);
export const listAllReserves = (db: DbOrTx) =>
  db
    .select({
      currencyCode: reserves.currencyCode,
      balance: reserves.balance,
      held: reserves.held,
      available: sql<string>`greatest(${reserves.balance} - ${reserves.held}, 0)`,
      updatedAt: reserves.updatedAt,
    })
    .from(reserves)
    .orderBy(reserves.currencyCode);
export const listAllBands = (db: DbOrTx) => db.select().from(discountBands).orderBy(discountBands.minTurnoverUsd);
export const listAllSeo = (db: DbOrTx) => db.select().from(seoPairs).orderBy(seoPairs.giveCode, seoPairs.getCode);
export const listAllPages = (db: DbOrTx) => db.select().from(pages).orderBy(pages.slug);
export const listAllFaq = (db: DbOrTx) => db.select().from(faqItems).orderBy(faqItems.position);

export function listAllNews(db: DbOrTx, page: number, perPage: number) {
  return paged(
    db
      .select()
      .from(news)
      .orderBy(desc(news.publishedAt))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(news),
    page,
    perPage,
  );
}

export function searchUsers(db: DbOrTx, q: string | undefined, page: number, perPage: number) {
  const where = q ? or(ilike(users.username, `%${q}%`), ilike(users.email, `%${q}%`)) : undefined;
  return paged(
    db
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        role: users.role,
        lang: users.lang,
        blocked: users.blocked,
        refNumber: users.refNumber,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(users).where(where),
    page,
    perPage,
  );
}

export function searchPromoCodes(db: DbOrTx, q: string | undefined, page: number, perPage: number) {
  const where = q ? ilike(promoCodes.code, `%${q}%`) : undefined;
  return paged(
    db
      .select({ promo: promoCodes, username: users.username })
      .from(promoCodes)
      .leftJoin(users, eq(users.id, promoCodes.userId))
      .where(where)
      .orderBy(desc(promoCodes.createdAt))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(promoCodes).where(where),
    page,
    perPage,
  );
}

export function listPayoutsForOperators(db: DbOrTx, status: string | undefined, page: number, perPage: number) {
  const where = status ? eq(referralPayouts.status, status as 'pending') : undefined;
  return paged(
    db
      .select({ payout: referralPayouts, username: users.username })
      .from(referralPayouts)
      .innerJoin(users, eq(users.id, referralPayouts.userId))
      .where(where)
      .orderBy(referralPayouts.createdAt)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(referralPayouts).where(where),
    page,
    perPage,
  );
}

export function listOutbox(db: DbOrTx, page: number, perPage: number) {
  return paged(
    db
      .select()
      .from(outbox)
      .orderBy(desc(outbox.createdAt))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(outbox),
    page,
    perPage,
  );
}

export function listAudit(db: DbOrTx, page: number, perPage: number) {
  return paged(
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(auditLog),
    page,
    perPage,
  );
}
