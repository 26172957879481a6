import { and, desc, eq, inArray, isNotNull, notInArray, or, sql, gt } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/database';
import { Decimal } from '@obmen/shared';
import { appMeta, chainAddressCounters, chainObservations, currencies, ticketPayments, tickets } from '../../db/schema';
import type { Chain } from './addresses';
import type { HistoryCursor } from './address-history';

/**
 * The next index of a watched key, in the caller's transaction. The counter row stays locked until
 * that transaction ends, so two tickets never get one index, whichever process creates them; a
 * creation that rolls back gives its index back with it.
 */
export async function takeNextIndex(tx: Tx, key: string): Promise<number> {
  const [row] = await queryRows<{ taken: number }>(
    tx,
    sql`
    insert into chain_address_counters (key, next_index) values (${key}, 1)
    on conflict (key) do update set next_index = chain_address_counters.next_index + 1
    returning next_index - 1 as taken`,
  );
  return Number(row!.taken);
}

export type WatchedTicket = Awaited<ReturnType<typeof listWatchedTickets>>[number];

/** Tickets with a deposit address on a chain still awaiting payment, or whose deadline passed after `since`. */
export function listWatchedTickets(db: DbOrTx, chain: Chain, since: Date) {
  return (
    db
      .select({
        id: tickets.id,
        giveCode: tickets.giveCode,
        giveSum: tickets.giveSum,
        address: tickets.depositAddress,
        tagged: tickets.depositTagged,
        createdAt: tickets.createdAt,
      })
      .from(tickets)
      .where(
        and(
          eq(tickets.depositChain, chain),
          isNotNull(tickets.depositAddress),
          or(eq(tickets.status, 'advance'), gt(tickets.paymentDeadline, since)),
        ),
      )
      // Newest first: where an address or a tagged sum was given again, its payment is the newest holder's.
      .orderBy(desc(tickets.createdAt))
  );
}

export type ObservationRow = typeof chainObservations.$inferSelect;

export function listObservations(db: DbOrTx, ticketIds: string[]): Promise<ObservationRow[]> {
  if (ticketIds.length === 0) return Promise.resolve([]);
  return db.select().from(chainObservations).where(inArray(chainObservations.ticketId, ticketIds));
}

export async function saveObservation(db: DbOrTx, row: ObservationRow): Promise<void> {
  await db
    .insert(chainObservations)
    .values(row)
    .onConflictDoUpdate({
      target: [chainObservations.ticketId, chainObservations.txid, chainObservations.position],
      set: { amount: row.amount, confirmations: row.confirmations, gone: row.gone, reportedAt: row.reportedAt },
    });
}

/** The chain's height as its API gave it; the time moves only when the height does (a stuck node shows its lag). */
export async function recordWatchTip(db: DbOrTx, code: string, height: number): Promise<void> {
  await db
    .update(currencies)
    .set({ watchTip: height, watchTipSeenAt: sql`now()` })
    .where(and(eq(currencies.code, code), sql`${currencies.watchTip} is distinct from ${height}`));
}

/** Records whether a currency's chain API answers; true when that changed (its directions open or close). */
export async function setWatchError(db: DbOrTx, code: string, error: string | null): Promise<boolean> {
  const changed = await db
    .update(currencies)
    .set({ watchError: error })
    .where(and(eq(currencies.code, code), sql`${currencies.watchError} is distinct from ${error}`))
    .returning({ code: currencies.code });
  return changed.length > 0;
}

/**
 * The tagged sums between `from` and `to` that watched tickets at a shared address expect. A ticket
 * cancelled or expired with no payment seen has given its sum back (`released`): it is still watched,
 * for a late payment, but a new ticket may take the sum when no other is left.
 */
export async function taggedSumsWatched(tx: Tx, chain: Chain, address: string, from: string, to: string, since: Date) {
  const rows = await tx
    .select({
      sum: tickets.giveSum,
      released: sql<boolean>`${tickets.status} = 'deleted' and not exists (
        select 1 from ${ticketPayments} where ${ticketPayments.ticketId} = ${tickets.id}
      ) and not exists (select 1 from ${chainObservations} where ${chainObservations.ticketId} = ${tickets.id})`,
    })
    .from(tickets)
    .where(
      and(
        eq(tickets.depositChain, chain),
        eq(tickets.depositAddress, address),
        eq(tickets.depositTagged, true),
        sql`${tickets.giveSum} between ${from}::numeric and ${to}::numeric`,
        or(eq(tickets.status, 'advance'), gt(tickets.paymentDeadline, since)),
      ),
    );
  const held = new Set<string>();
  const released = new Set<string>();
  for (const row of rows) (row.released ? released : held).add(new Decimal(row.sum).toFixed());
  return { held, released };
}

/** Moves a counter `by` on, in the transaction that holds its row (after `takeNextIndex`). */
export async function skipIndexes(tx: Tx, key: string, by: number): Promise<void> {
  await tx
    .update(chainAddressCounters)
    .set({ nextIndex: sql`${chainAddressCounters.nextIndex} + ${by}` })
    .where(eq(chainAddressCounters.key, key));
}

/** With CHAIN_WATCH off nothing reads the chains: no old error may keep a currency's directions closed. */
export async function clearWatchErrors(db: DbOrTx): Promise<void> {
  await db.update(currencies).set({ watchError: null }).where(isNotNull(currencies.watchError));
}

/** The last block a block scan (plain ETH) read, kept in `app_meta` under `key`; null when none. */
export async function readScanCursor(db: DbOrTx, key: string): Promise<number | null> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, key));
  return typeof row?.value === 'number' ? row.value : null;
}

/** Saves the scan's last block, or forgets it (null) when nothing is watched: the next scan starts at the tip. */
export async function saveScanCursor(db: DbOrTx, key: string, block: number | null): Promise<void> {
  if (block === null) {
    await db.delete(appMeta).where(eq(appMeta.key, key));
    return;
  }
  await db
    .insert(appMeta)
    .values({ key, value: block })
    .onConflictDoUpdate({ target: appMeta.key, set: { value: block, updatedAt: new Date() } });
}

const historyKey = (code: string, address: string) => `chain_history:${code}:${address}`;

/** Where the last runs left each watched address's history of a currency (app_meta `chain_history:<code>:<address>`). */
export async function readHistoryCursors(db: DbOrTx, code: string): Promise<Map<string, HistoryCursor>> {
  const prefix = historyKey(code, '');
  const rows = await db
    .select({ key: appMeta.key, value: appMeta.value })
    .from(appMeta)
    .where(sql`starts_with(${appMeta.key}, ${prefix})`);
  return new Map(rows.map((row) => [row.key.slice(prefix.length), row.value as HistoryCursor]));
}

/** Keeps the cursors of the addresses still watched, as this run left them; forgets the others. */
export async function saveHistoryCursors(
  db: DbOrTx,
  code: string,
  cursors: ReadonlyMap<string, HistoryCursor>,
  watched: readonly string[],
): Promise<void> {
  const keep = watched.map((address) => historyKey(code, address));
  await db
    .delete(appMeta)
    .where(
      and(
        sql`starts_with(${appMeta.key}, ${historyKey(code, '')})`,
        keep.length > 0 ? notInArray(appMeta.key, keep) : undefined,
      ),
    );
  for (const [address, cursor] of cursors) {
    await db
      .insert(appMeta)
      .values({ key: historyKey(code, address), value: cursor })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: cursor, updatedAt: new Date() } });
  }
}
