import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../database';
import { currencies, directions, prices, reserves, users } from '../schema';
import { verifyPassword } from '../../modules/accounts/password-hashing';
import { DEMO_CURRENCIES } from './demo-data';
import { ensureAdmin, seedDemoData } from './seed';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const countOf = async (table: typeof currencies | typeof directions | typeof prices | typeof reserves) =>
  (await database.db.select({ n: count() }).from(table))[0]!.n;

describe('demo data', () => {
  it('is seeded once, even when two starts race', async () => {
    const results = await Promise.all([seedDemoData(database.db), seedDemoData(database.db)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoData(database.db)).toBe(false);
    expect(await countOf(currencies)).toBe(DEMO_CURRENCIES.length);
    expect(await countOf(prices)).toBe(DEMO_CURRENCIES.length);
    expect(await countOf(reserves)).toBe(DEMO_CURRENCIES.length);
  });

  it('has the currencies the exchanger must offer, named in both languages', async () => {
    const rows = await database.db.select().from(currencies);
    const codes = rows.map((r) => r.code);
    for (const code of [
      'SBERRUB',
      'TCSBRUB',
      'SBPRUB',
      'BTC',
      'ETH',
      'USDTTRC20',
      'USDTERC20',
      'USDCERC20',
      'LTC',
      'TON',
      'XMR',
    ]) {
      expect(codes).toContain(code);
    }
    for (const row of rows) {
      expect(row.nameRu).not.toBe('');
      expect(row.nameEn).not.toBe('');
    }
  });

  it('keeps amounts exact: numeric columns come back as the decimal strings that went in', async () => {
    const [btc] = await database.db.select().from(reserves).where(eq(reserves.currencyCode, 'BTC'));
    expect(btc?.balance).toBe('3.254873100000000000');
  });

  it('links rouble cards to coins in both directions, with a card check when a card pays', async () => {
    const [sberToBtc] = await database.db
      .select()
      .from(directions)
      .where(and(eq(directions.giveCode, 'SBERRUB'), eq(directions.getCode, 'BTC')));
    expect(sberToBtc).toMatchObject({ enabled: true, cardVerify: true, minSum: '3000.000000000000000000' });
    const rubToRub = await database.db
      .select()
      .from(directions)
      .where(and(eq(directions.giveCode, 'SBERRUB'), eq(directions.getCode, 'TCSBRUB')));
    expect(rubToRub).toHaveLength(0);
  });
});

describe('the first admin', () => {
  it('is created once with a generated password that logs in', async () => {
    const first = await ensureAdmin(database.db, 'ops@example.com', undefined);
    expect(first.created).toBe(true);
    if (!first.created || !first.generatedPassword) throw new Error('expected a generated password');
    const [row] = await database.db.select().from(users).where(eq(users.email, 'ops@example.com'));
    expect(row?.role).toBe('admin');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    expect(await verifyPassword(row!.passwordHash, first.generatedPassword)).toBe(true);
    expect(await ensureAdmin(database.db, 'ops@example.com', undefined)).toEqual({ created: false });
  });
});
