import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { chainObservations, outbox, ticketPayments, tickets } from '../../db/schema';
import { Decimal } from '@obmen/shared';
import { createChainWatcher } from './chain-watcher';
import {
  BLOCK_TIME,
  btcTicket,
  clock,
  ctx,
  esplora,
  FIRST,
  payment,
  seen,
  useEsploraApp,
  watcherOf,
} from './chain-watcher.kit';

useEsploraApp();

describe('deposit addresses', () => {
  it('gives each ticket the next address of the operator key, shown as where to pay', async () => {
    const ticket = await btcTicket();
    expect(ticket.payTo).toEqual([{ label: 'Адрес для оплаты этой заявки', value: FIRST }]);
    const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row).toMatchObject({ depositChain: 'bitcoin', depositAddress: FIRST, depositIndex: 0 });
    const next = await btcTicket();
    expect(next.payTo[0]!.value).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    // The mail says where to pay as the page does: the ticket's own address, not the fixed wallet.
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.kind, 'ticket_advance'));
    const mail = mails.find((m) => m.text.includes(String(ticket.number)));
    expect(mail?.text).toContain(FIRST);
    expect(mail?.text).not.toContain('bc1qj0mapw29tn6u9p06e5cl0f8sgvr67envcd3ehr');
  });

  it('never gives two tickets created at once the same index', async () => {
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => btcTicket(i % 2 === 1)));
    const rows = await ctx.database.db
      .select({ index: tickets.depositIndex, address: tickets.depositAddress })
      .from(tickets)
      .where(eq(tickets.depositChain, 'bitcoin'));
    expect(made).toHaveLength(12);
    expect(new Set(rows.map((r) => r.index)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.address)).size).toBe(rows.length);
    expect(rows.map((r) => r.index).sort((a, b) => a! - b!)).toEqual(rows.map((_, i) => i));
  });

  it('keeps the fixed wallet of a currency that is not watched', async () => {
    const res = await createTicket(ctx, usdtToBtc('0.01'));
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, res.json<{ id: string }>().id));
    expect(row!.depositAddress).toBeNull();
    expect(res.json<{ payTo: { label: string }[] }>().payTo[0]!.label).not.toBe('Адрес для оплаты этой заявки');
  });
});

describe('the rates export', () => {
  it('keeps manual while payouts are made by hand, even where the payment is watched (issue 44)', async () => {
    const items = async (url: string) => {
      const body = (await ctx.app.inject({ url })).body;
      // One <item> per direction: its pair and everything it says, as text.
      return new Map(
        [...body.matchAll(/<item>([\s\S]*?)<\/item>/g)].map(([, item]) => [
          `${/<from>(\w+)<\/from>/.exec(item!)![1]}>${/<to>(\w+)<\/to>/.exec(item!)![1]}`,
          item!,
        ]),
      );
    };
    const legacy = await items('/export/rates.xml');
    const eref = await items('/export/rates.xml?v=1.1');
    // BestChange's manual is "manual or semiautomatic": a watched payment paid out by a person is
    // semiautomatic (ticket-payouts.test.ts drops it once a provider pays out within limits).
    expect(legacy.get('BTC>USDTTRC20')).toContain('<param>manual</param>');
    expect(eref.get('BTC>USDTTRC20')).toContain('<manual>true</manual>');
    // A card payment, or a coin nobody watches here, waits for a person anyway.
    expect(legacy.get('SBERRUB>BTC')).toContain('<param>manual, cardverify</param>');
    expect(eref.get('SBERRUB>BTC')).toContain('<manual>true</manual>');
    expect(legacy.get('USDTTRC20>BTC')).toContain('<param>manual</param>');
    expect(eref.get('USDTTRC20>BTC')).toContain('<manual>true</manual>');
  });
});

describe('the Esplora watcher', () => {
  it('reports a payment as it gains confirmations, once per change, and in BTC, not satoshi', async () => {
    const ticket = await btcTicket();
    const address = ticket.payTo[0]!.value;
    const watcher = watcherOf();
    esplora.txs.set(address, [payment('a1'.repeat(32), address, 1_000_000, null)]);
    await watcher.watch('bitcoin');
    expect(seen).toEqual([
      expect.objectContaining({
        ticketId: ticket.id,
        txid: 'a1'.repeat(32),
        amount: '0.01',
        confirmations: 0,
        required: 2,
        gone: false,
      }),
    ]);
    await watcher.watch('bitcoin');
    expect(seen).toHaveLength(1);

    esplora.txs.set(address, [payment('a1'.repeat(32), address, 1_000_000, esplora.tip)]);
    await watcher.watch('bitcoin');
    esplora.tip += 1;
    await watcher.watch('bitcoin');
    // Past the threshold more blocks change nothing the tickets side needs.
    esplora.tip += 5;
    await watcher.watch('bitcoin');
    expect(seen.map((o) => o.confirmations)).toEqual([0, 1, 2]);
    // Seen in the mempool at the run; once in a block, dated by the block where it came first.
    expect(seen[0]!.seenAt).toEqual(clock.now);
    expect(seen[2]!.seenAt).toEqual(new Date(BLOCK_TIME() * 1000));
    // Settled: a transfer that leaves the answer now (a busy address's first page moved on) is not "gone".
    esplora.txs.set(address, []);
    await watcher.watch('bitcoin');
    expect(seen).toHaveLength(3);
  });

  it('leaves out a transfer mined hours before the ticket was made: an older payment, not this one', async () => {
    const ticket = await btcTicket();
    const address = ticket.payTo[0]!.value;
    const hoursAgo = (h: number) => Math.floor(Date.now() / 1000) - h * 3600;
    esplora.txs.set(address, [
      payment('a8'.repeat(32), address, 1_000_000, esplora.tip - 30, hoursAgo(3)),
      // A block time an hour behind the clock is within what miners may write.
      payment('a9'.repeat(32), address, 1_000_000, esplora.tip - 3, hoursAgo(1)),
    ]);
    await watcherOf().watch('bitcoin');
    expect(seen.filter((o) => o.ticketId === ticket.id).map((o) => o.txid)).toEqual(['a9'.repeat(32)]);
  });

  it('reports a transaction the answer lists twice once', async () => {
    const ticket = await btcTicket();
    const address = ticket.payTo[0]!.value;
    const tx = payment('b2'.repeat(32), address, 123_456_789, esplora.tip - 9);
    esplora.txs.set(address, [tx, tx]);
    await watcherOf().watch('bitcoin');
    expect(seen.filter((o) => o.ticketId === ticket.id)).toEqual([
      expect.objectContaining({ amount: '1.23456789', confirmations: 10 }),
    ]);
  });

  it('counts two outputs of one transaction to the address as one payment of their sum', async () => {
    const ticket = await btcTicket();
    const address = ticket.payTo[0]!.value;
    const tx = payment('b3'.repeat(32), address, 600_000, esplora.tip - 1);
    tx.vout.push({ ...tx.vout[1]!, value: 400_000 });
    // The same transaction listed twice still pays its outputs once.
    esplora.txs.set(address, [tx, tx]);
    await createChainWatcher({
      database: ctx.database,
      catalog: ctx.app.services.catalog,
      onObservation: async (o) => {
        seen.push(o);
        await ctx.app.services.payments.recordIncomingPayment(o);
      },
      now: () => clock.now,
    }).watch('bitcoin');
    expect(seen.filter((o) => o.ticketId === ticket.id)).toEqual([
      expect.objectContaining({ txid: 'b3'.repeat(32), amount: '0.01', confirmations: 2 }),
    ]);
    const [paid] = await ctx.database.db.select().from(ticketPayments).where(eq(ticketPayments.ticketId, ticket.id));
    expect(new Decimal(paid!.amount).toFixed()).toBe('0.01');
    const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.status).toBe('new');
  });

  it('reports a transaction that vanished in a reorganisation as gone, once', async () => {
    const ticket = await btcTicket();
    const address = ticket.payTo[0]!.value;
    esplora.txs.set(address, [payment('c3'.repeat(32), address, 5_000, esplora.tip)]);
    const watcher = watcherOf();
    await watcher.watch('bitcoin');
    esplora.txs.set(address, []);
    await watcher.watch('bitcoin');
    await watcher.watch('bitcoin');
    const mine = seen.filter((o) => o.ticketId === ticket.id);
    expect(mine.map((o) => [o.txid, o.amount, o.gone])).toEqual([
      ['c3'.repeat(32), '0.00005', false],
      ['c3'.repeat(32), '0.00005', true],
    ]);
    const [row] = await ctx.database.db
      .select()
      .from(chainObservations)
      .where(eq(chainObservations.ticketId, ticket.id));
    expect(row!.gone).toBe(true);
  });

  it('watches a ticket a day past its deadline for a late payment, and no longer', async () => {
    const ticket = await btcTicket();
    const address = ticket.payTo[0]!.value;
    await ctx.database.db
      .update(tickets)
      .set({
        status: 'deleted',
        statusReason: 'payment_expired',
        paymentDeadline: new Date(clock.now.getTime() - 3_600_000),
      })
      .where(eq(tickets.id, ticket.id));
    esplora.txs.set(address, [payment('d4'.repeat(32), address, 7_000, null)]);
    await watcherOf().watch('bitcoin');
    expect(seen.filter((o) => o.ticketId === ticket.id)).toHaveLength(1);
    await ctx.database.db
      .update(tickets)
      .set({ paymentDeadline: new Date(clock.now.getTime() - 25 * 3_600_000) })
      .where(eq(tickets.id, ticket.id));
    esplora.txs.set(address, [payment('d5'.repeat(32), address, 7_000, null)]);
    await watcherOf().watch('bitcoin');
    expect(seen.filter((o) => o.ticketId === ticket.id)).toHaveLength(1);
  });
});
