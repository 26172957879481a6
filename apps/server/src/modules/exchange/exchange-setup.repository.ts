import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database';
import { currencies, directions, discountBands, prices, reserves } from '../../db/schema';

export type CurrencyRow = typeof currencies.$inferSelect;
export type DirectionRow = typeof directions.$inferSelect;
export type PriceRow = typeof prices.$inferSelect;

// What the console sets up of the exchange: currencies, directions, prices, reserves, discounts.

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
