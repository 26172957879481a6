import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { currencies } from '../../db/schema';

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
// The same account's private key (BIP84's vector): the console must never take one.
const ZPRV =
  'zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  ctx = await createTestApp();
  roles = await consoleRoles(ctx);
});
afterAll(() => ctx.close());

const en = () => ({ ...roles.admin, 'accept-language': 'en' });

/** As after a watcher run whose Bitcoin API did not answer: BTC's directions closed. */
async function bitcoinApiDown() {
  await ctx.database.db
    .update(currencies)
    .set({ watchError: 'bitcoin API: HTTP 502' })
    .where(eq(currencies.code, 'BTC'));
  await ctx.app.services.catalog.changed();
  expect(ctx.app.services.exchange.directionStatus('BTC', 'USDTTRC20')).toBe(false);
}

describe('watch settings in the console', () => {
  it('sets a currency to per-ticket addresses, audited before and after', async () => {
    const res = await call(ctx, 'PATCH', '/api/admin/currencies/BTC', roles.admin, {
      watchMode: 'xpub',
      watchChain: 'bitcoin',
      watchXpub: ZPUB,
      watchApiUrl: 'https://electrs.example.net/api',
      watchConfirmations: '3',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ watchMode: 'xpub', watchXpub: ZPUB, watchConfirmations: 3, watchError: null });
    const [audit] = await auditOf(ctx, 'currencies', 'BTC');
    expect(audit!.before).toMatchObject({ watchMode: 'off' });
    expect(audit!.after).toMatchObject({ watchMode: 'xpub', watchApiUrl: 'https://electrs.example.net/api' });
  });

  it("refuses a private key, in the operator's language", async () => {
    const res = await call(ctx, 'PATCH', '/api/admin/currencies/BTC', en(), { watchXpub: ZPRV });
    expect(res.statusCode).toBe(400);
    expect(res.json().parameterErrors).toEqual([
      {
        name: 'watchXpub',
        messages: ['An account’s extended public key is needed (xpub, zpub, Ltub, Mtub), never a private one'],
      },
    ]);
  });

  it('refuses a set that cannot work (no API, a key of no account) and takes plain ETH', async () => {
    const noApi = await call(ctx, 'PATCH', '/api/admin/currencies/LTC', roles.admin, {
      watchMode: 'xpub',
      watchChain: 'litecoin',
      watchXpub: ZPUB,
    });
    expect(noApi.statusCode).toBe(400);
    expect(noApi.json().parameterErrors[0].messages).toEqual([
      'Для слежения за сетью нужны сеть, адрес API и ключ или адрес',
    ]);
    const broken = await call(ctx, 'PATCH', '/api/admin/currencies/LTC', en(), {
      watchMode: 'xpub',
      watchChain: 'litecoin',
      watchApiUrl: 'https://litecoinspace.example/api',
      // The right form and length, a wrong checksum.
      watchXpub: `${ZPUB.slice(0, -1)}t`,
    });
    expect(broken.json().parameterErrors[0]).toMatchObject({ name: 'watchXpub' });
    const eth = await call(ctx, 'PATCH', '/api/admin/currencies/ETH', en(), {
      watchMode: 'amount_tag',
      watchChain: 'ethereum',
      watchAddress: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
      watchApiUrl: 'https://eth.example/rpc',
    });
    // Plain ETH is watched by reading blocks: no token contract is needed.
    expect(eth.statusCode).toBe(200);
    expect(eth.json()).toMatchObject({ watchChain: 'ethereum', watchToken: '' });
  });

  it('forgets the last chain error when the settings change, reopening the directions', async () => {
    await bitcoinApiDown();
    const res = await call(ctx, 'PATCH', '/api/admin/currencies/BTC', roles.admin, {
      watchApiUrl: 'https://blockstream.info/api',
    });
    expect(res.json().watchError).toBeNull();
    expect(ctx.app.services.exchange.directionStatus('BTC', 'USDTTRC20')).toBe(true);
  });

  it('lets no old chain error keep directions closed once CHAIN_WATCH is off', async () => {
    await bitcoinApiDown();
    // The next start without CHAIN_WATCH, on the same database.
    const restarted = await createTestApp({ database: ctx.database });
    expect(restarted.app.services.exchange.directionStatus('BTC', 'USDTTRC20')).toBe(true);
    await restarted.close();
  });
});
