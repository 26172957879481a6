import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tickets } from '../../db/schema';
import { btcTicket, ctx, esplora, FIRST, payment, seen, useEsploraApp, watcherOf } from './chain-watcher.kit';
import { call, consoleRoles } from '../../../test/admin';
import { EXPIRED_ADDRESS_QUARANTINE_MS } from './address-pool';

// Per-ticket addresses and the operator wallet's gap limit (issue 42, item 5): unpaid cancelled
// tickets must not leave a run of unused addresses longer than the wallet looks ahead (20).
useEsploraApp();

const cancel = (id: string) => ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/cancel/${id}` });
const indexOf = async (id: string) =>
  (await ctx.database.db.select().from(tickets).where(eq(tickets.id, id)))[0]!.depositIndex!;

describe('derived addresses given back', () => {
  // Storms of creations through the API: slower than a test's 30 s on a busy machine.
  it('keeps 60 create-and-cancel within the gap limit: an unpaid cancelled ticket’s address goes to the next ticket', async () => {
    const indexes = new Set<number>();
    for (let i = 0; i < 60; i += 1) {
      const ticket = await btcTicket();
      indexes.add(await indexOf(ticket.id));
      expect((await cancel(ticket.id)).statusCode).toBe(200);
    }
    expect(Math.max(...indexes)).toBeLessThan(20);
    const next = await btcTicket();
    expect(next.payTo[0]!.value).toBe(FIRST);
  }, 120_000);

  it('never gives again an address a payment was seen at, nor one two tickets would await at once', async () => {
    // The previous test's open ticket holds index 0; this one gets the next.
    const paid = await btcTicket();
    const address = paid.payTo[0]!.value;
    esplora.txs.set(address, [payment('a1'.repeat(32), address, 5_000, null)]);
    await watcherOf().watch('bitcoin');
    expect(seen.map((o) => o.ticketId)).toContain(paid.id);
    expect((await cancel(paid.id)).statusCode).toBe(200);
    const after = await Promise.all([btcTicket(), btcTicket(), btcTicket()]);
    const addresses = after.map((t) => t.payTo[0]!.value);
    expect(addresses).not.toContain(address);
    expect(new Set(addresses).size).toBe(3);
  });

  it('gives an expired ticket’s address again only after a quarantine, and a late payment there to the new holder', async () => {
    const late = await btcTicket();
    const address = late.payTo[0]!.value;
    const expire = async (minutesAgo: number) =>
      ctx.database.db
        .update(tickets)
        .set({
          status: 'deleted',
          statusReason: 'payment_expired',
          finishedAt: new Date(Date.now() - minutesAgo * 60_000),
        })
        .where(eq(tickets.id, late.id));
    await expire(1);
    const soon = await btcTicket();
    expect(soon.payTo[0]!.value).not.toBe(address);
    await expire(EXPIRED_ADDRESS_QUARANTINE_MS / 60_000 + 1);
    const reused = await btcTicket();
    expect(reused.payTo[0]!.value).toBe(address);
    seen.length = 0;
    esplora.txs.set(address, [payment('b2'.repeat(32), address, 1_000_000, null)]);
    await watcherOf().watch('bitcoin');
    expect(seen.filter((o) => o.txid === 'b2'.repeat(32)).map((o) => o.ticketId)).toEqual([reused.id]);
  });
});

describe('the gap limit in the console', () => {
  it('says how many addresses were handed out past the last paid one, against the wallet’s gap limit', async () => {
    const roles = await consoleRoles(ctx);
    const btc = async () =>
      (await call(ctx, 'GET', '/api/admin/currencies', roles.operator))
        .json<{ code: string; watchAddresses?: unknown }[]>()
        .find((c) => c.code === 'BTC')!.watchAddresses;
    const before = (await btc()) as { run: number; lastUsed: number; gapLimit: number };
    expect(before.gapLimit).toBe(20);
    // 25 customers awaiting payment at once: each needs an address of its own, past the gap limit.
    await Promise.all(Array.from({ length: 25 }, () => btcTicket()));
    const after = (await btc()) as { run: number; lastUsed: number; gapLimit: number };
    expect(after.lastUsed).toBe(before.lastUsed);
    expect(after.run).toBeGreaterThanOrEqual(25);
  });
});
