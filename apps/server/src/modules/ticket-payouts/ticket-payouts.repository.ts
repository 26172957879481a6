import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PayoutState } from '@obmen/shared';
import { queryRows, type DbOrTx, type Tx } from '../../db/database';
import type { Page } from '../../db/paging';
import { currencies, payoutAccounts, ticketPayoutApprovals, ticketPayouts, tickets, users } from '../../db/schema';

export type TicketPayoutRow = typeof ticketPayouts.$inferSelect;
export type NewTicketPayout = typeof ticketPayouts.$inferInsert;
export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/** The states in which a payout has not left and waits for its turn or for people. */
export const WAITING_STATES: readonly PayoutState[] = ['queued', 'awaiting_approval'];
/** The states in which money may be on its way: nobody else may settle the ticket meanwhile. */
export const IN_FLIGHT_STATES: readonly PayoutState[] = ['sending', 'unknown'];

/** The payout idempotency key of a ticket's attempt: what the provider sees, unique for ever. */
export const payoutKey = (ticketNumber: number, attempt: number) => `obmen-${ticketNumber}-${attempt}`;

export async function insertPayout(tx: Tx, payout: NewTicketPayout): Promise<TicketPayoutRow | undefined> {
  const [row] = await tx.insert(ticketPayouts).values(payout).onConflictDoNothing().returning();
  return row;
}

export async function findPayout(db: DbOrTx, id: string): Promise<TicketPayoutRow | undefined> {
  const [row] = await db.select().from(ticketPayouts).where(eq(ticketPayouts.id, id));
  return row;
}

export async function findPayoutOfTicket(db: DbOrTx, ticketId: string): Promise<TicketPayoutRow | undefined> {
  const [row] = await db.select().from(ticketPayouts).where(eq(ticketPayouts.ticketId, ticketId));
  return row;
}

export async function lockPayout(tx: Tx, id: string): Promise<TicketPayoutRow | undefined> {
  const [row] = await tx.select().from(ticketPayouts).where(eq(ticketPayouts.id, id)).for('update');
  return row;
}

export async function lockPayoutOfTicket(tx: Tx, ticketId: string): Promise<TicketPayoutRow | undefined> {
  const [row] = await tx.select().from(ticketPayouts).where(eq(ticketPayouts.ticketId, ticketId)).for('update');
  return row;
}

/**
 * Moves a payout on only from the states named, and, given `attempt`, only while it is still that
 * call (its `sendingSince`): a change that lost a race, or an answer about an older call, changes
 * nothing and says so (undefined), so two hands never both move one payout.
 */
export async function movePayout(
  db: DbOrTx,
  id: string,
  from: readonly PayoutState[],
  changes: Partial<NewTicketPayout>,
  attempt?: Pick<TicketPayoutRow, 'sendingSince'>,
): Promise<TicketPayoutRow | undefined> {
  const sameCall =
    attempt === undefined
      ? undefined
      : attempt.sendingSince === null
        ? isNull(ticketPayouts.sendingSince)
        : eq(ticketPayouts.sendingSince, attempt.sendingSince);
  const [row] = await db
    .update(ticketPayouts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(ticketPayouts.id, id), inArray(ticketPayouts.state, [...from]), sameCall))
    .returning();
  return row;
}

/** Queued payouts whose time has come, oldest first: candidates a worker tries to claim. */
export function dueQueued(db: DbOrTx, limit: number) {
  return db
    .select({ id: ticketPayouts.id, ticketId: ticketPayouts.ticketId, currencyCode: ticketPayouts.currencyCode })
    .from(ticketPayouts)
    .where(
      and(
        eq(ticketPayouts.state, 'queued'),
        or(isNull(ticketPayouts.notBefore), lte(ticketPayouts.notBefore, sql`now()`)),
      ),
    )
    .orderBy(asc(ticketPayouts.createdAt))
    .limit(limit);
}

/**
 * Locks the ticket without waiting (another process has it: it is that process's to send) and
 * answers its status; undefined when it is locked elsewhere.
 */
export async function lockTicketIfFree(tx: Tx, id: string): Promise<{ status: string } | undefined> {
  const [row] = await tx
    .select({ status: tickets.status })
    .from(tickets)
    .where(eq(tickets.id, id))
    .for('update', { skipLocked: true });
  return row;
}

/**
 * What reconciliation looks at: every `unknown`, every `sending` the provider accepted (its
 * transaction is awaited), and every `sending` whose call began before the lease (a crash cut it off).
 */
export function payoutsToReconcile(db: DbOrTx, leaseSeconds: number, limit: number) {
  return db
    .select()
    .from(ticketPayouts)
    .where(
      or(
        eq(ticketPayouts.state, 'unknown'),
        and(
          eq(ticketPayouts.state, 'sending'),
          or(
            sql`${ticketPayouts.providerRef} is not null`,
            lte(ticketPayouts.sendingSince, sql`now() - make_interval(secs => ${leaseSeconds})`),
          ),
        ),
      ),
    )
    .orderBy(asc(ticketPayouts.updatedAt))
    .limit(limit);
}

/** Payouts that were sent but whose ticket did not complete with them (a crash between the two). */
export function sentWithOpenTicket(db: DbOrTx, limit: number) {
  return db
    .select({ payout: ticketPayouts })
    .from(ticketPayouts)
    .innerJoin(tickets, eq(tickets.id, ticketPayouts.ticketId))
    .where(and(eq(ticketPayouts.state, 'sent'), eq(tickets.status, 'new')))
    .limit(limit);
}

/**
 * What the currency's automatic payouts of the last 24 hours add up to, all and this customer's
 * (by inbox or account), not counting those that did not leave and will not.
 */
export async function payoutsOfDay(
  tx: Tx,
  code: string,
  customer: { emailKey: string | null; email: string; userId: string | null },
): Promise<{ all: string; customer: string }> {
  const sameCustomer = or(
    customer.emailKey
      ? eq(tickets.emailKey, customer.emailKey)
      : sql`lower(${tickets.email}) = lower(${customer.email})`,
    customer.userId ? eq(tickets.userId, customer.userId) : sql`false`,
  );
  const [row] = await tx
    .select({
      all: sql<string>`coalesce(sum(${ticketPayouts.amount}), 0)`,
      customer: sql<string>`coalesce(sum(${ticketPayouts.amount}) filter (where ${sameCustomer}), 0)`,
    })
    .from(ticketPayouts)
    .innerJoin(tickets, eq(tickets.id, ticketPayouts.ticketId))
    .where(
      and(
        eq(ticketPayouts.currencyCode, code),
        sql`${ticketPayouts.createdAt} > now() - interval '24 hours'`,
        sql`${ticketPayouts.state} not in ('failed', 'cancelled')`,
      ),
    );
  return { all: String(row?.all ?? '0'), customer: String(row?.customer ?? '0') };
}

/** Whether the customer (by inbox or account) has an exchange that succeeded before this one. */
export async function hasExchangedBefore(
  tx: Tx,
  ticket: { id: string; emailKey: string | null; email: string; userId: string | null },
): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    tx,
    sql`select 1 as found from ${tickets}
        where ${tickets.status} = 'success' and ${tickets.id} <> ${ticket.id}
          and (${ticket.emailKey ? sql`${tickets.emailKey} = ${ticket.emailKey}` : sql`lower(${tickets.email}) = lower(${ticket.email})`}
               ${ticket.userId ? sql`or ${tickets.userId} = ${ticket.userId}` : sql``})
        limit 1`,
  );
  return rows.length > 0;
}

/** Payouts of one currency are decided one at a time: the day's totals are read and added to under it. */
export async function lockCurrencyPayouts(tx: Tx, code: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ticket-payouts:${code}`}))`);
}

export async function addApproval(tx: Tx, payoutId: string, operatorId: string): Promise<boolean> {
  const rows = await tx
    .insert(ticketPayoutApprovals)
    .values({ payoutId, operatorId })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

export function approvalsOf(db: DbOrTx, payoutIds: string[]) {
  if (payoutIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      payoutId: ticketPayoutApprovals.payoutId,
      operator: users.username,
      at: ticketPayoutApprovals.createdAt,
    })
    .from(ticketPayoutApprovals)
    .innerJoin(users, eq(users.id, ticketPayoutApprovals.operatorId))
    .where(inArray(ticketPayoutApprovals.payoutId, payoutIds))
    .orderBy(asc(ticketPayoutApprovals.createdAt));
}

/** The console's queue: one state's payouts (or all), newest first, found by ticket number, address or txid. */
export async function searchPayouts(
  db: DbOrTx,
  filter: { state?: PayoutState | undefined; q?: string | undefined },
  { page, perPage }: Page,
) {
  const conditions: SQL[] = [];
  if (filter.state) conditions.push(eq(ticketPayouts.state, filter.state));
  const q = filter.q?.trim();
  if (q) {
    const like = `%${q.replace(/[%_\\]/g, '\\$&')}%`;
    conditions.push(
      or(
        ilike(ticketPayouts.address, like),
        ilike(ticketPayouts.txid, like),
        ilike(ticketPayouts.key, like),
        /^\d{1,15}$/.test(q) ? eq(tickets.number, Number(q)) : sql`false`,
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select({ payout: ticketPayouts, number: tickets.number })
      .from(ticketPayouts)
      .innerJoin(tickets, eq(tickets.id, ticketPayouts.ticketId))
      .where(where)
      .orderBy(desc(ticketPayouts.createdAt))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({ n: count() })
      .from(ticketPayouts)
      .innerJoin(tickets, eq(tickets.id, ticketPayouts.ticketId))
      .where(where),
  ]);
  return { items, page, perPage, total: total?.n ?? 0 };
}

export async function countPayoutsByState(db: DbOrTx): Promise<Map<PayoutState, number>> {
  const rows = await db
    .select({ state: ticketPayouts.state, n: count() })
    .from(ticketPayouts)
    .groupBy(ticketPayouts.state);
  return new Map(rows.map((r) => [r.state, r.n]));
}

/** What waits to be paid out per currency (queued and awaiting approval). */
export async function waitingByCurrency(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: ticketPayouts.currencyCode, sum: sql<string>`sum(${ticketPayouts.amount})` })
    .from(ticketPayouts)
    .where(inArray(ticketPayouts.state, [...WAITING_STATES]))
    .groupBy(ticketPayouts.currencyCode);
  return new Map(rows.map((r) => [r.code, String(r.sum)]));
}

export async function findAccount(db: DbOrTx, code: string): Promise<PayoutAccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.currencyCode, code));
  return row;
}

export function listAccounts(db: DbOrTx) {
  return db.select().from(payoutAccounts);
}

export async function upsertAccount(
  tx: Tx,
  code: string,
  changes: Pick<PayoutAccountRow, 'settings' | 'sealedCredentials' | 'storedSecrets'>,
): Promise<void> {
  await tx
    .insert(payoutAccounts)
    .values({ currencyCode: code, ...changes })
    .onConflictDoUpdate({
      target: payoutAccounts.currencyCode,
      // A new provider's balance is not the old one's.
      set: { ...changes, balance: null, balanceAt: null, balanceError: null, updatedAt: new Date() },
    });
}

export async function saveBalance(
  db: DbOrTx,
  code: string,
  read: { balance: string | null; error: string | null },
): Promise<void> {
  await db
    .update(payoutAccounts)
    .set({
      ...(read.balance !== null && { balance: read.balance, balanceAt: new Date() }),
      balanceError: read.error,
    })
    .where(eq(payoutAccounts.currencyCode, code));
}

/** Records why a currency's provider cannot pay now (null: it can); true when that changed. */
export async function setPayoutBlocked(db: DbOrTx, code: string, reason: string | null): Promise<boolean> {
  const rows = await db
    .update(currencies)
    .set({ payoutBlocked: reason })
    .where(and(eq(currencies.code, code), sql`${currencies.payoutBlocked} is distinct from ${reason}`))
    .returning({ code: currencies.code });
  return rows.length > 0;
}

/** With PAYOUTS off nothing pays out automatically: no old shortage may keep directions closed. */
export async function clearPayoutBlocks(db: DbOrTx): Promise<void> {
  await db
    .update(currencies)
    .set({ payoutBlocked: null })
    .where(sql`${currencies.payoutBlocked} is not null`);
}
