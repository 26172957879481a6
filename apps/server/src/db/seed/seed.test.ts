import { createHash } from 'node:crypto';
import { bech32, createBase58check } from '@scure/base';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database';
import type { Database } from '../database';
import { currencies, directions, prices, reserves, users } from '../schema';
import { verifyPassword } from '../../modules/accounts/password-hashing';
import { DEMO_CURRENCIES } from './demo-data';
import { ensureAdmin, seedDemoData } from './seed';

/** The checksum a wallet checks before it sends: bech32 (bitcoin, litecoin), base58check (TRON), TON's CRC16. */
function checksumHolds(code: string, address: string): boolean {
  const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();
  try {
    if (code === 'BTC' || code === 'LTC') return bech32.decode(address as `${string}1${string}`).prefix.length > 0;
    if (code === 'TRX' || code === 'USDTTRC20') return createBase58check(sha256).decode(address)[0] === 0x41;
    if (code === 'TON') {
      const bytes = Buffer.from(address, 'base64url');
      return crc16xmodem(bytes.subarray(0, 34)) === bytes.readUInt16BE(34);
    }
  } catch {
    return false;
  }
  return true; // networks whose addresses carry no checksum the product knows of
}

function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1) & 0xffff;
  }
  return crc;
}

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

  it('speaks English on English pages: every example written in Russian has an English one', async () => {
    for (const row of await database.db.select().from(currencies)) {
      for (const field of [...row.giveFields, ...row.getFields]) {
        if (/[А-Яа-яЁё]/.test(field.placeholder))
          expect(field.placeholderEn, `${row.code} ${field.name}`).toMatch(/^[\x20-\x7e]+$/);
      }
    }
  });

  it('has receiving addresses a wallet accepts: the product’s own pattern and the network’s checksum', async () => {
    for (const row of await database.db.select().from(currencies)) {
      const wallet = row.getFields.find((f) => f.name === 'walletAddress');
      const address = row.payTo.find((p) => p.labelEn === 'Wallet address')?.value;
      if (!wallet || !address) continue;
      expect(new RegExp(wallet.pattern).test(address), `${row.code} ${address}`).toBe(true);
      for (const example of [address, wallet.placeholder]) {
        expect(checksumHolds(row.code, example), `${row.code} ${example}`).toBe(true);
      }
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

  it('is not created with an ADMIN_PASSWORD a guesser would find, one line says why', async () => {
    const fresh = await createTestDatabase();
    try {
      await expect(ensureAdmin(fresh.db, 'ops@example.com', 'Admin123!')).rejects.toThrow(
        'Invalid configuration: ADMIN_PASSWORD: The password must not contain your username or e-mail',
      );
      await expect(ensureAdmin(fresh.db, 'boss@example.com', 'P@ssword1')).rejects.toThrow(
        'Invalid configuration: ADMIN_PASSWORD: This password is easy to guess',
      );
      expect(await fresh.db.select().from(users)).toEqual([]);
      expect((await ensureAdmin(fresh.db, 'boss@example.com', 'Lantern-Quiet-Harbor-58')).created).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
