import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditOf, call, consoleRoles } from '../../../test/admin';
import { startFakeBinance, type FakeBinance } from '../../../test/fake-binance';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, TRON_ADDRESS } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { currencies, payoutAccounts, ticketPayouts, tickets } from '../../db/schema';
import { ZPUB } from '../chain/chain-watcher.kit';

// Automatic payouts end to end through the API (issue 44): BTC → USDT TRC20 tickets paid out by an
// exchange account's withdrawals, the real Binance client against a local server in Binance's format.

let ctx: TestContext;
let binance: FakeBinance;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
let second: Awaited<ReturnType<typeof createUser>>;
let counter = 0;

const METRICS_TOKEN = 'metrics-token-of-the-payout-tests-0123456789';
const scrape = async () =>
  (await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
const unique = (name: string) => `${name}.${Date.now()}.${(counter += 1)}@example.com`;
const worker = () => ctx.app.services.payoutWorker;

async function setUp(limits: Record<string, string | number | null> = {}) {
  const res = await call(ctx, 'PUT', '/api/admin/payout-settings/USDTTRC20', roles.admin, {
    mode: 'binance',
    binance: { baseUrl: binance.base, coin: 'USDT', network: 'TRX' },
    credentials: { apiKey: binance.apiKey, apiSecret: binance.apiSecret },
    limits: {
      maxPerTicket: null,
      maxPerDay: null,
      maxPerCustomerDay: null,
      fourEyesAbove: null,
      firstExchangeDelayMinutes: 0,
      ...limits,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A BTC → USDT TRC20 ticket for `usdt`, paid as an operator who saw the coins arrive would mark it. */
async function paidTicket(usdt: string, email = unique('payout')) {
  const created = await createTicket(ctx, {
    giveName: 'BTC',
    getName: 'USDTTRC20',
    giveSum: '0',
    getSum: usdt,
    calcDirection: 'buy',
    useFixed: false,
    email,
    requisites: { give: {}, get: { walletAddress: TRON_ADDRESS } },
    agreeAml: true,
    agreeRules: true,
  });
  expect(created.statusCode, created.body).toBe(200);
  const { id, number } = created.json() as { id: string; number: number };
  const marked = await call(ctx, 'POST', `/api/admin/tickets/${id}/markPaid`, roles.operator, {});
  expect(marked.statusCode, marked.body).toBe(200);
  return { id, number, email };
}

const payoutOf = async (ticketId: string) =>
  (await ctx.database.db.select().from(ticketPayouts).where(eq(ticketPayouts.ticketId, ticketId)))[0]!;
const statusOf = async (ticketId: string) =>
  (await ctx.database.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!;
const clientView = async (id: string) => (await ctx.app.inject({ url: `/api/v1/Tickets/${id}` })).json();

beforeAll(async () => {
  binance = await startFakeBinance({ completeAfterMs: null });
  binance.setBalance('USDT', '1000000');
  ctx = await createTestApp({
    payouts: true,
    // BTC deposits are seen on their chain (nothing reads it here: no jobs run), so a BTC → USDT ticket
    // can be automatic from end to end.
    chainWatch: true,
    metrics: { token: METRICS_TOKEN },
    payoutTimings: { leaseSeconds: 1, settleSeconds: 1, callTimeoutMs: 500 },
  });
  await ctx.database.db
    .update(currencies)
    .set({ watchMode: 'xpub', watchChain: 'bitcoin', watchXpub: ZPUB, watchApiUrl: 'http://127.0.0.1:9/api' })
    .where(eq(currencies.code, 'BTC'));
  await ctx.app.services.catalog.changed();
  roles = await consoleRoles(ctx);
  second = await createUser(ctx, 'operator');
});
afterAll(async () => {
  await ctx.close();
  binance.close();
});
beforeEach(async () => {
  await setUp();
});

describe('a paid ticket pays itself out', () => {
  it('queues the payout with the payment, withdraws once under the ticket key, succeeds with the txid', async () => {
    const ticket = await paidTicket('150');
    expect(await payoutOf(ticket.id)).toMatchObject({ state: 'queued', key: `obmen-${ticket.number}-1` });
    expect((await clientView(ticket.id)).payout).toBe('sending');

    await worker().run();
    expect(binance.withdrawalsFor(`obmen-${ticket.number}-1`)).toBe(1);
    expect(await payoutOf(ticket.id)).toMatchObject({ state: 'sending', providerRef: expect.any(String) });
    // Another run before Binance sent it: looked up, nothing sent again.
    await worker().run();
    expect(binance.withdrawalsFor(`obmen-${ticket.number}-1`)).toBe(1);

    binance.complete(`obmen-${ticket.number}-1`);
    await worker().run();
    const [withdrawal] = binance.ledger().filter((w) => w.key === `obmen-${ticket.number}-1`);
    expect(withdrawal).toMatchObject({ address: TRON_ADDRESS, coin: 'USDT', network: 'TRX' });
    const view = await clientView(ticket.id);
    expect(view).toMatchObject({ status: 'success', payoutReference: withdrawal!.txid, payout: 'sent' });
    expect(view.payoutReferenceUrl).toContain(withdrawal!.txid);
    expect((await statusOf(ticket.id)).finishedAt).not.toBeNull();
  });

  it('a 5xx after Binance made the withdrawal is unknown, then found in its history: paid once', async () => {
    const ticket = await paidTicket('151');
    binance.failNext('apply', { kind: 'server-error', execute: true });
    await worker().run();
    expect((await payoutOf(ticket.id)).state).toBe('unknown');
    binance.complete();
    await worker().run();
    expect(binance.withdrawalsFor(`obmen-${ticket.number}-1`)).toBe(1);
    expect((await clientView(ticket.id)).status).toBe('success');
  });

  it('a timeout where nothing was made stays unknown until it settles, then goes again under the same key', async () => {
    const ticket = await paidTicket('152');
    binance.failNext('apply', { kind: 'server-error', status: 503, execute: false });
    await worker().run();
    expect((await payoutOf(ticket.id)).state).toBe('unknown');
    expect(binance.withdrawalsFor(`obmen-${ticket.number}-1`)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // Binance has no record of the key long after the call: queued again, the same key, and sent.
    await worker().run();
    await worker().run();
    expect(binance.withdrawalsFor(`obmen-${ticket.number}-1`)).toBe(1);
    binance.complete();
    await worker().run();
    expect((await clientView(ticket.id)).status).toBe('success');
  });

  it('a short balance puts the payout back, closes the directions paying USDT TRC20, and a balance read opens them', async () => {
    const ticket = await paidTicket('153');
    binance.failNext('apply', { kind: 'insufficient-funds' });
    await worker().run();
    // Not tried again while the balance is short: the balance job says when it is not.
    expect(await payoutOf(ticket.id)).toMatchObject({ state: 'queued', lastError: expect.stringContaining('balance') });
    expect(ctx.app.services.exchange.availablePair('BTC', 'USDTTRC20')).toBeNull();
    await worker().run();
    expect(binance.withdrawalsFor(`obmen-${ticket.number}-1`)).toBe(0);
    expect(await scrape()).toContain('obmen_payout_balance_short{currency="USDTTRC20"} 1');
    expect(await scrape()).toMatch(/obmen_ticket_payouts\{state="queued",measure="count"\} [1-9]/);
    binance.setBalance('USDT', '0');
    await worker().readBalances();
    expect(ctx.app.services.exchange.availablePair('BTC', 'USDTTRC20')).toBeNull();
    binance.setBalance('USDT', '1000000');
    await worker().readBalances();
    expect(ctx.app.services.exchange.availablePair('BTC', 'USDTTRC20')).not.toBeNull();
    expect(await scrape()).toContain('obmen_payout_balance_short{currency="USDTTRC20"} 0');
    await worker().run();
    expect(binance.withdrawalsFor(`obmen-${ticket.number}-1`)).toBe(1);
  });

  it('an operator cannot complete or fail a ticket whose payout is on its way; one that has not left is cancelled by it', async () => {
    const flying = await paidTicket('154');
    binance.failNext('apply', { kind: 'hang', execute: true });
    // The hang outlasts the client's timeout: unknown.
    await worker().run();
    for (const action of ['complete', 'fail', 'freeze']) {
      const res = await call(ctx, 'POST', `/api/admin/tickets/${flying.id}/${action}`, roles.operator, {
        payoutReference: 'a'.repeat(64),
        note: 'paid by hand',
        refundNote: 'back to the sender',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('payout_in_flight');
    }
    binance.complete();
    await worker().run();
    expect((await clientView(flying.id)).status).toBe('success');

    const queued = await paidTicket('155');
    const done = await call(ctx, 'POST', `/api/admin/tickets/${queued.id}/complete`, roles.operator, {
      payoutReference: 'b'.repeat(64),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await payoutOf(queued.id)).toMatchObject({ state: 'cancelled' });
    await worker().run();
    expect(binance.withdrawalsFor(`obmen-${queued.number}-1`)).toBe(0);
  });
});

describe('limits and four eyes', () => {
  it('over the per-ticket limit it waits for one approval; the customer sees it checked', async () => {
    await setUp({ maxPerTicket: '100', fourEyesAbove: '1000' });
    const ticket = await paidTicket('200');
    expect(await payoutOf(ticket.id)).toMatchObject({
      state: 'awaiting_approval',
      approvalsNeeded: 1,
      holdReasons: ['over_ticket_limit'],
    });
    expect((await clientView(ticket.id)).payout).toBe('checking');
    await worker().run();
    expect(binance.withdrawalsFor(`obmen-${ticket.number}-1`)).toBe(0);

    const { id } = await payoutOf(ticket.id);
    const approved = await call(ctx, 'POST', `/api/admin/ticket-payouts/${id}/approve`, roles.operator);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ state: 'queued', approvals: [{ operator: roles.operatorName }] });
    await worker().run();
    expect(binance.withdrawalsFor(`obmen-${ticket.number}-1`)).toBe(1);
    const [audit] = await auditOf(ctx, 'ticket-payouts', id);
    expect(audit).toMatchObject({ action: 'approve', actorName: roles.operatorName });
  });

  it('above the four-eyes threshold two different operators approve; the same one twice is refused', async () => {
    await setUp({ maxPerTicket: '100', fourEyesAbove: '250' });
    const ticket = await paidTicket('300');
    const { id, approvalsNeeded } = await payoutOf(ticket.id);
    expect(approvalsNeeded).toBe(2);
    const approve = (headers: Record<string, string>) =>
      call(ctx, 'POST', `/api/admin/ticket-payouts/${id}/approve`, headers);
    expect((await approve(roles.operator)).json()).toMatchObject({ state: 'awaiting_approval' });
    const twice = await approve(roles.operator);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('same_approver');
    expect((await approve(second.headers)).json()).toMatchObject({ state: 'queued' });
    await worker().run();
    expect(binance.withdrawalsFor(`obmen-${ticket.number}-1`)).toBe(1);
  });

  it("refuses another operator's decision on a payout whose ticket is held, but never a second approval (issue 46)", async () => {
    await setUp({ maxPerTicket: '100', fourEyesAbove: '250' });
    const ticket = await paidTicket('300');
    const { id } = await payoutOf(ticket.id);
    expect((await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/claim`, roles.operator, {})).statusCode).toBe(200);
    const cancel = await call(ctx, 'POST', `/api/admin/ticket-payouts/${id}/cancel`, second.headers, {
      reason: 'Paying by hand',
    });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.code).toBe('claimed_by_other');
    // Four eyes: the holder approves, and the other operator's approval is the second pair.
    expect((await call(ctx, 'POST', `/api/admin/ticket-payouts/${id}/approve`, roles.operator)).statusCode).toBe(200);
    const secondApproval = await call(ctx, 'POST', `/api/admin/ticket-payouts/${id}/approve`, second.headers);
    expect(secondApproval.json()).toMatchObject({ state: 'queued' });
  });

  it('a customer over their day limit waits; the ticket is marked manual when it is over the per-ticket limit', async () => {
    await setUp({ maxPerCustomerDay: '250' });
    const email = unique('daily');
    const first = await paidTicket('200', email);
    expect((await payoutOf(first.id)).state).toBe('queued');
    const next = await paidTicket('100', email);
    expect(await payoutOf(next.id)).toMatchObject({ state: 'awaiting_approval', holdReasons: ['over_customer_limit'] });
    await setUp({ maxPerTicket: '100' });
    const big = await createTicket(ctx, {
      giveName: 'BTC',
      getName: 'USDTTRC20',
      giveSum: '0',
      getSum: '150',
      calcDirection: 'buy',
      useFixed: false,
      email: unique('big'),
      requisites: { give: {}, get: { walletAddress: TRON_ADDRESS } },
      agreeAml: true,
      agreeRules: true,
    });
    expect(big.json().manual).toBe(true);
  });

  it('secrets are sealed and never shown again; settings are admin-only and audited', async () => {
    const settings = (await call(ctx, 'GET', '/api/admin/payout-settings', roles.admin)).json();
    const usdt = settings.find((s: { currencyCode: string }) => s.currencyCode === 'USDTTRC20');
    expect(usdt).toMatchObject({ mode: 'binance', storedSecrets: ['apiKey', 'apiSecret'] });
    expect(JSON.stringify(settings)).not.toContain(binance.apiSecret);
    // Saved a moment ago: its balance was read with the save, not at the next minute's read.
    const queue = (await call(ctx, 'GET', '/api/admin/ticket-payouts', roles.operator)).json();
    expect(queue.providers).toEqual([
      expect.objectContaining({
        currencyCode: 'USDTTRC20',
        mode: 'binance',
        balance: expect.any(String),
        short: false,
      }),
    ]);
    expect((await call(ctx, 'GET', '/api/admin/payout-settings', roles.operator)).statusCode).toBe(403);
    const [audit] = await auditOf(ctx, 'payout-settings', 'USDTTRC20');
    expect(JSON.stringify(audit)).not.toContain(binance.apiSecret);
    const [account] = await ctx.database.db.select().from(payoutAccounts);
    expect(account!.sealedCredentials).toMatch(/^v1\./);
    expect(JSON.stringify(account)).not.toContain(binance.apiSecret);
    // Back to payouts by hand: nothing keeps the secrets.
    const manual = await call(ctx, 'PUT', '/api/admin/payout-settings/USDTTRC20', roles.admin, {
      mode: 'manual',
      limits: { firstExchangeDelayMinutes: 0 },
    });
    expect(manual.json()).toMatchObject({ mode: 'manual', storedSecrets: [] });
    expect((await ctx.database.db.select().from(payoutAccounts))[0]!.sealedCredentials).toBeNull();
  });

  it('the export says automatic only where the payment is watched and the payout goes out by itself within limits', async () => {
    const item = async (pair: string, version = '') => {
      const body = (await ctx.app.inject({ url: `/export/rates.xml${version}` })).body;
      const [from, to] = pair.split('>');
      return [...body.matchAll(/<item>([\s\S]*?)<\/item>/g)]
        .map(([, text]) => text!)
        .find((text) => text.includes(`<from>${from}</from>`) && text.includes(`<to>${to}</to>`))!;
    };
    expect(await item('BTC>USDTTRC20')).not.toContain('manual');
    expect(await item('BTC>USDTTRC20', '?v=1.1')).not.toContain('<manual>');
    // BTC is paid out by hand; USDT is not watched.
    expect(await item('USDTTRC20>BTC')).toContain('manual');
    // A limit under the direction's largest ticket: some of its payouts wait for a person.
    await setUp({ maxPerTicket: '100' });
    expect(await item('BTC>USDTTRC20')).toContain('manual');
    await setUp();
    // A provider short of the balance: no payout goes, the direction is closed (not exported at all).
    binance.setBalance('USDT', '0');
    await worker().readBalances();
    expect(await item('BTC>USDTTRC20')).toBeUndefined();
    binance.setBalance('USDT', '1000000');
    await worker().readBalances();
    expect(await item('BTC>USDTTRC20')).not.toContain('manual');
  });
});
