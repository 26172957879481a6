import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { OPEN_TICKET_STATUSES, type TicketStatus } from '@obmen/shared';
import type { DbOrTx, Tx } from '../../db/database';
import {
  auditLog,
  cardChecks,
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
  sessions,
  ticketHistory,
  tickets,
  users,
} from '../../db/schema';

export type CurrencyRow = typeof currencies.$inferSelect;
export type DirectionRow = typeof directions.$inferSelect;
export type PriceRow = typeof prices.$inferSelect;
export type NewsRow = typeof news.$inferSelect;
export type PageRow = typeof pages.$inferSelect;
export type SeoRow = typeof seoPairs.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type PayoutRow = typeof referralPayouts.$inferSelect;

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

interface Page {
  page: number;
  perPage: number;
}

async function paged<T>(items: Promise<T[]>, total: Promise<{ n: number }[]>, { page, perPage }: Page) {
  const [rows, [counted]] = await Promise.all([items, total]);
  return { items: rows, page, perPage, total: counted?.n ?? 0 };
}

const offset = ({ page, perPage }: Page) => (page - 1) * perPage;
/** What an operator typed, for a LIKE pattern: its own % and _ mean themselves. */
const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ——— Tickets ———

const OPEN = OPEN_TICKET_STATUSES as TicketStatus[];

/**
 * The operator's queue: paid tickets and refunds to send first (they need hands now), then card
 * checks, holds, unpaid ones and payment problems the client decides, each oldest first; finished
 * tickets after them, newest first.
 */
export function searchTickets(db: DbOrTx, filter: { status: string; q?: string | undefined }, page: Page) {
  const conditions: SQL[] = [];
  if (filter.status === 'open') conditions.push(inArray(tickets.status, OPEN));
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

export function mailsTo(db: DbOrTx, address: string, limit: number) {
  return db
    .select()
    .from(outbox)
    .where(sql`lower(${outbox.toAddress}) = ${address.toLowerCase()}`)
    .orderBy(desc(outbox.createdAt))
    .limit(limit);
}

// ——— Exchange set-up ———

export const listAllCurrencies = (db: DbOrTx) =>
  db.select().from(currencies).orderBy(currencies.sortOrder, currencies.code);

export async function findCurrency(db: DbOrTx, code: string): Promise<CurrencyRow | undefined> {
  const [row] = await db.select().from(currencies).where(eq(currencies.code, code));
  return row;
}

/** A new currency with its price and an empty reserve, so it can be quoted the moment a direction uses it. */
export async function insertCurrency(
  tx: Tx,
  row: typeof currencies.$inferInsert,
  usdPrice: string,
): Promise<CurrencyRow | undefined> {
  const [inserted] = await tx.insert(currencies).values(row).onConflictDoNothing().returning();
  if (!inserted) return undefined;
  await tx.insert(prices).values({ currencyCode: inserted.code, usdPrice, source: 'manual' });
  await tx.insert(reserves).values({ currencyCode: inserted.code, balance: '0' });
  return inserted;
}

export async function updateCurrency(tx: Tx, code: string, change: Partial<typeof currencies.$inferInsert>) {
  const [row] = await tx
    .update(currencies)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(currencies.code, code))
    .returning();
  return row!;
}

export const listAllDirections = (db: DbOrTx) =>
  db.select().from(directions).orderBy(directions.giveCode, directions.getCode);

export async function findDirection(db: DbOrTx, give: string, get: string): Promise<DirectionRow | undefined> {
  const [row] = await db
    .select()
    .from(directions)
    .where(and(eq(directions.giveCode, give), eq(directions.getCode, get)));
  return row;
}

export async function insertDirection(tx: Tx, row: typeof directions.$inferInsert) {
  const [inserted] = await tx.insert(directions).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateDirection(
  tx: Tx,
  give: string,
  get: string,
  change: Partial<typeof directions.$inferInsert>,
) {
  const [row] = await tx
    .update(directions)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(directions.giveCode, give), eq(directions.getCode, get)))
    .returning();
  return row!;
}

export const listAllPrices = (db: DbOrTx) => db.select().from(prices).orderBy(prices.currencyCode);

export async function findPrice(db: DbOrTx, code: string): Promise<PriceRow | undefined> {
  const [row] = await db.select().from(prices).where(eq(prices.currencyCode, code));
  return row;
}

export async function updatePrice(tx: Tx, code: string, change: Partial<typeof prices.$inferInsert>) {
  const [row] = await tx
    .update(prices)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(prices.currencyCode, code))
    .returning();
  return row!;
}

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

/**
 * Sets a reserve's balance, never below what open tickets hold of it (they were promised that
 * much): undefined when it would be, with the row left as it was.
 */
export async function setReserveBalance(tx: Tx, code: string, balance: string) {
  const [row] = await tx
    .update(reserves)
    .set({ balance, updatedAt: sql`now()` })
    .where(and(eq(reserves.currencyCode, code), sql`${reserves.held} <= ${balance}`))
    .returning();
  return row;
}

export async function reserveHeld(db: DbOrTx, code: string): Promise<string> {
  const [row] = await db.select({ held: reserves.held }).from(reserves).where(eq(reserves.currencyCode, code));
  return row?.held ?? '0';
}

export const listAllBands = (db: DbOrTx) => db.select().from(discountBands).orderBy(discountBands.minTurnoverUsd);

export async function replaceBands(tx: Tx, bands: { minTurnoverUsd: string; percent: string }[]) {
  await tx.delete(discountBands);
  return tx.insert(discountBands).values(bands).returning();
}

// ——— People and money ———

export function searchUsers(db: DbOrTx, filter: { q?: string | undefined; role?: string | undefined }, page: Page) {
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(or(ilike(users.username, like(filter.q)), ilike(users.email, like(filter.q)))!);
  if (filter.role) conditions.push(eq(users.role, filter.role as 'user'));
  const where = conditions.length ? and(...conditions) : undefined;
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
        // Spelled out: inside a select list drizzle would leave both columns unqualified.
        tickets: sql<number>`(select count(*)::int from "tickets" where "tickets"."user_id" = "users"."id")`,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt))
      .limit(page.perPage)
      .offset(offset(page)),
    db.select({ n: count() }).from(users).where(where),
    page,
  );
}

export async function findUserById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, role: users.role, blocked: users.blocked })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

export async function findUserIdByName(db: DbOrTx, name: string): Promise<string | undefined> {
  const lower = name.toLowerCase();
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lower}`, sql`lower(${users.email}) = ${lower}`));
  return row?.id;
}

export async function updateUser(
  tx: Tx,
  id: string,
  change: { role?: 'user' | 'operator' | 'admin'; blocked?: boolean },
) {
  const [row] = await tx
    .update(users)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning({ id: users.id, username: users.username, role: users.role, blocked: users.blocked });
  return row!;
}

export async function endSessionsOf(tx: Tx, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

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

export function listPayoutsForOperators(db: DbOrTx, status: string | undefined, page: Page) {
  const where =
    status === 'approved'
      ? and(eq(referralPayouts.status, 'pending'), isNotNull(referralPayouts.approvedAt))
      : status === 'pending'
        ? and(eq(referralPayouts.status, 'pending'), isNull(referralPayouts.approvedAt))
        : status
          ? eq(referralPayouts.status, status as 'paid')
          : undefined;
  return paged(
    db
      .select({ payout: referralPayouts, username: users.username })
      .from(referralPayouts)
      .innerJoin(users, eq(users.id, referralPayouts.userId))
      .where(where)
      // Waiting requests first, oldest first: each has a 24-hour promise on it.
      .orderBy(sql`case ${referralPayouts.status} when 'pending' then 0 else 1 end`, referralPayouts.createdAt)
      .limit(page.perPage)
      .offset(offset(page)),
    db.select({ n: count() }).from(referralPayouts).where(where),
    page,
  );
}

export async function findPayout(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ payout: referralPayouts, username: users.username })
    .from(referralPayouts)
    .innerJoin(users, eq(users.id, referralPayouts.userId))
    .where(eq(referralPayouts.id, id));
  return row;
}

export async function approvePayout(tx: Tx, id: string, approvedBy: string): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(referralPayouts)
    .set({ approvedAt: sql`now()`, approvedBy })
    .where(and(eq(referralPayouts.id, id), eq(referralPayouts.status, 'pending'), isNull(referralPayouts.approvedAt)))
    .returning();
  return row;
}

/** Marks an approved request paid; a payout not yet approved or already decided is left alone. */
export async function payApprovedPayout(tx: Tx, id: string, reference: string): Promise<PayoutRow | undefined> {
  const [row] = await tx
    .update(referralPayouts)
    .set({ status: 'paid', reference, decidedAt: sql`now()` })
    .where(
      and(eq(referralPayouts.id, id), eq(referralPayouts.status, 'pending'), isNotNull(referralPayouts.approvedAt)),
    )
    .returning();
  return row;
}

export function listOutbox(db: DbOrTx, q: string | undefined, page: Page) {
  const where = q ? or(ilike(outbox.toAddress, like(q)), ilike(outbox.subject, like(q))) : undefined;
  return paged(
    db.select().from(outbox).where(where).orderBy(desc(outbox.createdAt)).limit(page.perPage).offset(offset(page)),
    db.select({ n: count() }).from(outbox).where(where),
    page,
  );
}

export function listAudit(db: DbOrTx, filter: { q?: string | undefined; resource?: string | undefined }, page: Page) {
  const conditions: SQL[] = [];
  if (filter.resource) conditions.push(eq(auditLog.resource, filter.resource));
  if (filter.q) {
    conditions.push(
      or(
        ilike(auditLog.resourceId, like(filter.q)),
        ilike(auditLog.actorName, like(filter.q)),
        ilike(auditLog.action, like(filter.q)),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  return paged(
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt)).limit(page.perPage).offset(offset(page)),
    db.select({ n: count() }).from(auditLog).where(where),
    page,
  );
}

// ——— Content ———

export function listAllNews(db: DbOrTx, q: string | undefined, page: Page) {
  const where = q
    ? or(ilike(news.titleRu, like(q)), ilike(news.titleEn, like(q)), ilike(news.slug, like(q)))
    : undefined;
  return paged(
    db
      .select()
      .from(news)
      .where(where)
      .orderBy(desc(news.publishedAt), desc(news.id))
      .limit(page.perPage)
      .offset(offset(page)),
    db.select({ n: count() }).from(news).where(where),
    page,
  );
}

export async function findNewsById(db: DbOrTx, id: number): Promise<NewsRow | undefined> {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  return row;
}

export async function newsSlugTaken(db: DbOrTx, slug: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db.select({ id: news.id }).from(news).where(eq(news.slug, slug));
  return row !== undefined && row.id !== exceptId;
}

export async function insertNews(tx: Tx, row: typeof news.$inferInsert) {
  const [inserted] = await tx.insert(news).values(row).returning();
  return inserted!;
}

export async function updateNews(tx: Tx, id: number, change: Partial<typeof news.$inferInsert>) {
  const [row] = await tx
    .update(news)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(news.id, id))
    .returning();
  return row!;
}

export async function deleteNews(tx: Tx, id: number): Promise<void> {
  await tx.delete(news).where(eq(news.id, id));
}

export const listAllPages = (db: DbOrTx) => db.select().from(pages).orderBy(pages.slug);
export const listAllFaq = (db: DbOrTx) => db.select().from(faqItems).orderBy(faqItems.position);

export async function findPageRow(db: DbOrTx, slug: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(pages).where(eq(pages.slug, slug));
  return row;
}

export async function upsertPage(tx: Tx, slug: string, body: Omit<typeof pages.$inferInsert, 'slug'>) {
  const [row] = await tx
    .insert(pages)
    .values({ slug, ...body })
    .onConflictDoUpdate({ target: pages.slug, set: { ...body, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function replaceFaq(
  tx: Tx,
  items: { questionRu: string; questionEn: string; answerRu: string; answerEn: string }[],
) {
  await tx.delete(faqItems);
  if (items.length === 0) return [];
  return tx
    .insert(faqItems)
    .values(items.map((item, i) => ({ ...item, position: i + 1 })))
    .returning();
}

export const listAllSeo = (db: DbOrTx) => db.select().from(seoPairs).orderBy(seoPairs.giveCode, seoPairs.getCode);

export async function findSeo(db: DbOrTx, give: string, get: string): Promise<SeoRow | undefined> {
  const [row] = await db
    .select()
    .from(seoPairs)
    .where(and(eq(seoPairs.giveCode, give), eq(seoPairs.getCode, get)));
  return row;
}

export async function upsertSeo(
  tx: Tx,
  give: string,
  get: string,
  body: Omit<SeoRow, 'giveCode' | 'getCode' | 'updatedAt'>,
) {
  const [row] = await tx
    .insert(seoPairs)
    .values({ giveCode: give, getCode: get, ...body })
    .onConflictDoUpdate({ target: [seoPairs.giveCode, seoPairs.getCode], set: { ...body, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function deleteSeo(tx: Tx, give: string, get: string): Promise<void> {
  await tx.delete(seoPairs).where(and(eq(seoPairs.giveCode, give), eq(seoPairs.getCode, get)));
}
