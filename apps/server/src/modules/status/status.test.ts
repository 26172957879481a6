import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STATUS_MEDIAN_FROM, type SiteStatus } from '@obmen/shared';
import { queryRows } from '../../db/database';
import { ticketHistory, tickets } from '../../db/schema';
import { btcTicket, ctx, esplora, watcherOf, useEsploraApp } from '../chain/chain-watcher.kit';

// Issue 48: /status.json says what the watcher, the directions' rule and the tickets' history say.
useEsploraApp();

const status = async () => {
  const res = await ctx.app.inject({ url: '/status.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toMatch(/^public/);
  return res.json<SiteStatus>();
};
const bitcoin = (s: SiteStatus) => s.networks.find((n) => n.currency === 'BTC')!;
const pair = (s: SiteStatus, give: string, get: string) => s.directions.find((d) => d.give === give && d.get === get)!;

describe('the status page’s figures', () => {
  it('flips a network’s row when its source stops answering, within one watcher run, and back', async () => {
    await watcherOf().watch('bitcoin');
    const up = await status();
    expect(bitcoin(up)).toMatchObject({ chain: 'bitcoin', up: true, lastBlock: esplora.tip });
    expect(bitcoin(up).lagSeconds).toBeGreaterThanOrEqual(0);
    expect(pair(up, 'BTC', 'USDTTRC20')).toMatchObject({ open: true, closedBecause: [] });

    esplora.hang = true;
    await watcherOf().watch('bitcoin');
    const down = await status();
    expect(bitcoin(down)).toMatchObject({ up: false, lastBlock: esplora.tip });
    expect(pair(down, 'BTC', 'USDTTRC20')).toMatchObject({ open: false, closedBecause: ['source_down'] });
    // A direction paying bitcoin out closes too: its currency's price is as good as unknown while its chain is not read.
    expect(pair(down, 'USDTTRC20', 'BTC').closedBecause).toContain('source_down');

    esplora.hang = false;
    esplora.tip += 1;
    await watcherOf().watch('bitcoin');
    const back = await status();
    expect(bitcoin(back)).toMatchObject({ up: true, lastBlock: esplora.tip });
    expect(pair(back, 'BTC', 'USDTTRC20').open).toBe(true);
  });

  it('gives each direction the median time from paid to paid out of its last successful tickets', async () => {
    const waits = [300, 60, 900, 120, 240, 30, 600];
    const done = new Date(Date.now() - 3_600_000);
    for (const [i, seconds] of waits.entries()) {
      const { id } = await btcTicket();
      const at = new Date(done.getTime() + i * 1000);
      await ctx.database.db.update(tickets).set({ status: 'success' }).where(eq(tickets.id, id));
      await ctx.database.db.insert(ticketHistory).values([
        {
          ticketId: id,
          fromStatus: 'advance',
          toStatus: 'new',
          actor: 'client',
          createdAt: new Date(at.getTime() - seconds * 1000),
        },
        { ticketId: id, fromStatus: 'new', toStatus: 'success', actor: 'operator', createdAt: at },
      ]);
    }
    const sorted = [...waits].sort((a, b) => a - b);
    const row = pair(await status(), 'BTC', 'USDTTRC20');
    expect(row).toMatchObject({ ticketsMeasured: waits.length, medianPayoutSeconds: sorted[3] });
    // A direction with fewer than STATUS_MEDIAN_FROM of them says "not enough" rather than a figure.
    const [few] = await queryRows<{ count: number }>(
      ctx.database.db,
      sql`select count(*)::int as count from tickets where give_code = 'BTC' and get_code = 'ETH' and status = 'success'`,
    );
    expect(few!.count).toBeLessThan(STATUS_MEDIAN_FROM);
    expect(pair(await status(), 'BTC', 'ETH')).toMatchObject({ medianPayoutSeconds: null });
  });

  it('names maintenance as a reason for every direction while it is on', async () => {
    await ctx.app.services.siteState.update({ convertEnabled: false });
    const during = await status();
    expect(during.maintenance).toBe(true);
    expect(during.directions.every((d) => !d.open && d.closedBecause.includes('maintenance'))).toBe(true);
    await ctx.app.services.siteState.update({ convertEnabled: true });
    expect((await status()).maintenance).toBe(false);
  });
});
