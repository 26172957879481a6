import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { auditOf, call, consoleRoles } from '../../../test/admin';
import { AML_ACCESS_ID, AML_ACCESS_KEY, startFakeAml, type FakeAml } from '../../../test/fake-aml';
import { startFakeBinance, type FakeBinance } from '../../../test/fake-binance';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, TRON_ADDRESS } from '../../../test/tickets';
import { currencies, outbox, reserves, ticketHistory, ticketPayouts, tickets } from '../../db/schema';
import { ZPUB } from '../../../test/fake-esplora';
import { ConfigError, loadConfig } from '../../config';
import { AmlUnavailableError } from './aml-provider';
import { createAmlBotClient } from './amlbot-client';

let aml: FakeAml;
let binance: FakeBinance;
let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
let txn = 0;
const nextTx = () => (txn += 1).toString(16).padStart(64, 'b');
/** Another valid TRON address (a checksum of its own), for the one payout address a test flags. */
const RISKY_TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

const client = (more: Partial<Parameters<typeof createAmlBotClient>[0]> = {}) =>
  createAmlBotClient({
    baseUrl: aml.url,
    accessId: AML_ACCESS_ID,
    accessKey: AML_ACCESS_KEY,
    timeoutMs: 300,
    retries: 2,
    pause: async () => {},
    ...more,
  });

const btcTicket = async (address = TRON_ADDRESS, email = `aml.${Date.now()}${Math.random()}@ex.com`) =>
  createTicket(ctx, {
    giveName: 'BTC',
    getName: 'USDTTRC20',
    giveSum: '0.01',
    getSum: '0',
    calcDirection: 'sell',
    useFixed: false,
    email,
    requisites: { give: {}, get: { walletAddress: address } },
    agreeAml: true,
    agreeRules: true,
  });

const paid = async (id: string, txid: string) =>
  ctx.app.services.payments.recordIncomingPayment({
    ticketId: id,
    txid,
    amount: (await row(id)).giveSum,
    confirmations: 2,
    required: 2,
    seenAt: new Date(),
    gone: false,
  });
const row = async (id: string) => (await ctx.database.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
const view = async (id: string, lang = 'ru') =>
  (await ctx.app.inject({ url: `/api/v1/Tickets/${id}`, headers: { 'accept-language': lang } })).json();
const payoutsOf = (id: string) => ctx.database.db.select().from(ticketPayouts).where(eq(ticketPayouts.ticketId, id));
const held = async (code: string) =>
  new Decimal((await ctx.database.db.select().from(reserves).where(eq(reserves.currencyCode, code)))[0]!.held);

beforeAll(async () => {
  aml = await startFakeAml();
  binance = await startFakeBinance();
  binance.setBalance('USDT', '1000000');
  ctx = await createTestApp({
    chainWatch: true,
    // USDT TRC20 paid out automatically (issue 44): a review must hold its payout back.
    payouts: true,
    payoutTimings: { leaseSeconds: 1, settleSeconds: 1, callTimeoutMs: 500 },
    aml: { url: aml.url, accessId: AML_ACCESS_ID, accessKey: AML_ACCESS_KEY },
  });
  roles = await consoleRoles(ctx);
  const payouts = await call(ctx, 'PUT', '/api/admin/payout-settings/USDTTRC20', roles.admin, {
    mode: 'binance',
    binance: { baseUrl: binance.base, coin: 'USDT', network: 'TRX' },
    credentials: { apiKey: binance.apiKey, apiSecret: binance.apiSecret },
    limits: {
      maxPerTicket: null,
      maxPerDay: null,
      maxPerCustomerDay: null,
      fourEyesAbove: null,
      firstExchangeDelayMinutes: 0,
    },
  });
  expect(payouts.statusCode, payouts.body).toBe(200);
  // Bitcoin watched (a deposit address per ticket), so its deposits are screened on their network.
  await ctx.database.db
    .update(currencies)
    .set({
      watchMode: 'xpub',
      watchChain: 'bitcoin',
      watchXpub: ZPUB,
      watchApiUrl: 'http://127.0.0.1:9',
      watchConfirmations: 2,
    })
    .where(eq(currencies.code, 'BTC'));
  await ctx.app.services.catalog.changed();
});
afterAll(async () => {
  aml.close();
  binance.close();
  await ctx.close();
});
beforeEach(() => {
  aml.mode('ok');
  aml.calls.length = 0;
});

describe('the AML settings at start', () => {
  it('is off by default, and on only with the account’s id and key (the key never printed)', () => {
    expect(loadConfig({}).AML).toBe(false);
    expect(() => loadConfig({ AML: 'on', AML_ACCESS_KEY: 'secret-key' })).toThrow(ConfigError);
    expect(() => loadConfig({ AML: 'on', AML_ACCESS_KEY: 'secret-key' })).not.toThrow(/secret-key/);
    const on = loadConfig({ AML: 'on', AML_ACCESS_ID: 'id', AML_ACCESS_KEY: 'key' });
    expect(on.AML_URL).toBe('https://extrnlapiendpoint.silencatech.com');
  });
});

describe('the AMLBot client against its local fake', () => {
  it('signs each call with md5(value:key:id) and reads the score 0-100 and its signals', async () => {
    aml.score('bc1qfake-address', 42);
    const answer = await client().screenAddress('BTC', 'bc1qfake-address');
    expect(answer).toEqual({ state: 'done', score: 42, signals: { exchange: 0.9, wallet: 0.1 } });
    expect(aml.calls[0]!.form).toMatchObject({ hash: 'bc1qfake-address', asset: 'BTC', accessId: AML_ACCESS_ID });
    await expect(client({ accessKey: 'wrong' }).screenAddress('BTC', 'bc1qfake-address')).rejects.toThrow(
      AmlUnavailableError,
    );
  });

  it('polls a pending check by its uid on /recheck until it is done', async () => {
    const txid = nextTx();
    aml.pendingFor(txid, 2);
    aml.score(txid, 80);
    const first = await client().screenTransaction('BTC', txid, 'bc1qdeposit');
    expect(first.state).toBe('pending');
    const uid = first.state === 'pending' ? first.uid : '';
    expect((await client().poll(uid)).state).toBe('pending');
    expect(await client().poll(uid)).toMatchObject({ state: 'done', score: 80 });
    expect(aml.calls.map((c) => c.path)).toEqual(['/', '/recheck', '/recheck']);
    expect(aml.calls[0]!.form).toMatchObject({ direction: 'deposit', address: 'bc1qdeposit' });
  });

  it('waits out a short 429 (its Retry-After) and gives up on a long one, a 5xx or no answer', async () => {
    const pauses: number[] = [];
    aml.mode({ status: 429, retryAfter: 1 });
    const answer = await client({
      pause: async (ms) => {
        pauses.push(ms);
        aml.mode('ok');
      },
    }).screenAddress('BTC', 'bc1qrate-limited');
    expect(answer.state).toBe('done');
    expect(pauses).toEqual([1000]);

    aml.mode({ status: 429, retryAfter: 3600 });
    aml.calls.length = 0;
    await expect(client().screenAddress('BTC', 'x')).rejects.toThrow(AmlUnavailableError);
    expect(aml.calls).toHaveLength(1);

    aml.mode(500);
    aml.calls.length = 0;
    await expect(client().screenAddress('BTC', 'x')).rejects.toThrow('HTTP 500');
    expect(aml.calls).toHaveLength(3);

    aml.mode('hang');
    await expect(client({ retries: 0 }).screenAddress('BTC', 'x')).rejects.toThrow('no answer in 300 ms');
  });
});

describe('a payout address screened at the ticket’s creation', () => {
  it('refuses one at or above the refusal threshold, in the client’s language, holding nothing', async () => {
    aml.score(RISKY_TRON, 95);
    const before = await held('USDTTRC20');
    const res = await btcTicket(RISKY_TRON);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('aml_address_refused');
    expect(res.json().error.message).toContain('AML');
    expect(res.json().error.message).toContain('95');
    expect((await held('USDTTRC20')).eq(before)).toBe(true);
  });

  it('makes the ticket when the service is down, and screens the address again when the payment counts', async () => {
    aml.mode(500);
    const res = await btcTicket();
    expect(res.statusCode).toBe(200);
    aml.mode('ok');
    aml.calls.length = 0;
    expect(await paid(res.json().id, nextTx())).toBe('paid');
    expect(aml.calls.map((c) => c.form.hash)).toContain(TRON_ADDRESS);
    expect((await row(res.json().id)).status).toBe('new');
  });
});

describe('a watched deposit screened when it counts', () => {
  it('pays a clean one out as before', async () => {
    const ticket = (await btcTicket()).json();
    expect(await paid(ticket.id, nextTx())).toBe('paid');
    expect((await row(ticket.id)).status).toBe('new');
  });

  it('puts a flagged one on review: held, audited, mailed, shown with its deadline; past it, the refund opens', async () => {
    const ticket = (await btcTicket()).json();
    const heldBefore = await held('USDTTRC20');
    const txid = nextTx();
    aml.score(txid, 88);
    expect(await paid(ticket.id, txid)).toBe('review');

    const after = await row(ticket.id);
    expect(after.status).toBe('on_review');
    expect(after.hold).toBe('paid');
    expect(after.reviewDeadline!.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    // Its reserve stays held while the operator decides.
    expect((await held('USDTTRC20')).eq(heldBefore)).toBe(true);
    const [audit] = await auditOf(ctx, 'tickets', ticket.id);
    expect(audit!.after).toMatchObject({ txid, outcome: 'review', aml: 'aml_risk' });
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.kind, 'ticket_on_review'));
    const mail = mails.find((m) => m.toAddress === after.email)!;
    expect(mail.text).toContain('AML');
    expect(mail.text).toContain('UTC');

    const shown = await view(ticket.id, 'en');
    expect(shown.status).toBe('on_review');
    expect(shown.review).toEqual({ reason: 'aml_risk', deadline: after.reviewDeadline!.toISOString() });
    expect(shown.reason).toBe('The source of the payment scored a high risk on AML screening');

    // The deadline passes with no decision: the job opens the refund, once.
    await ctx.database.db
      .update(tickets)
      .set({ reviewDeadline: new Date(Date.now() - 1000) })
      .where(eq(tickets.id, ticket.id));
    expect(await ctx.app.services.aml.expireReviews()).toBe(1);
    expect(await ctx.app.services.aml.expireReviews()).toBe(0);
    const refused = await view(ticket.id, 'ru');
    expect(refused.status).toBe('payment_problem');
    expect(refused.paymentProblem).toBe('aml');
    expect(refused.review).toBeNull();
    expect((await held('USDTTRC20')).lt(heldBefore)).toBe(true);
    // Only the refund: continuing at today's rate is not offered.
    const quote = await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}/continue` });
    expect(quote.statusCode).toBe(409);
    const refund = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/Tickets/${ticket.id}/refund`,
      payload: { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
    });
    expect(refund.json().status).toBe('refund_requested');
    const [expired] = await auditOf(ctx, 'tickets', ticket.id);
    expect(expired!.action).toBe('amlReviewExpired');
  });

  it('reviews a deposit it could not screen (the service timed out), and screens it again once the service is back', async () => {
    const clean = (await btcTicket()).json();
    const risky = (await btcTicket()).json();
    const riskyTx = nextTx();
    aml.mode('hang');
    expect(await paid(clean.id, nextTx())).toBe('review');
    expect(await paid(risky.id, riskyTx)).toBe('review');
    expect((await view(clean.id)).review.reason).toBe('aml_unavailable');
    // Still down: nothing moves.
    expect(await ctx.app.services.aml.recheckUnanswered()).toBe(0);

    aml.mode('ok');
    aml.score(riskyTx, 97);
    expect(await ctx.app.services.aml.recheckUnanswered()).toBe(2);
    // Clean: paid, its payout goes on, the client mailed.
    expect((await row(clean.id)).status).toBe('new');
    // Risky: the review goes on, with its real reason and the same deadline.
    const kept = await row(risky.id);
    expect(kept.status).toBe('on_review');
    expect(kept.statusReason).toBe('aml_risk');
    expect((await auditOf(ctx, 'tickets', risky.id))[0]!.action).toBe('amlRescreened');
  });

  it('sends no payout while on review; the operator’s release queues it', async () => {
    const clean = (await btcTicket()).json();
    expect(await paid(clean.id, nextTx())).toBe('paid');
    expect(await payoutsOf(clean.id)).toHaveLength(1);

    const ticket = (await btcTicket()).json();
    const txid = nextTx();
    aml.score(txid, 91);
    expect(await paid(ticket.id, txid)).toBe('review');
    await ctx.app.services.payoutWorker.run();
    expect(await payoutsOf(ticket.id)).toEqual([]);
    const released = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/clearReview`, roles.operator, {
      note: 'the source is a known exchange',
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(await payoutsOf(ticket.id)).toEqual([expect.objectContaining({ state: 'queued' })]);
    expect((await auditOf(ctx, 'tickets', ticket.id))[0]!.after).toMatchObject({ status: 'new' });
  });

  it('gives an operator’s release and the deadline one winner, each audited with its reason', async () => {
    const ticket = (await btcTicket()).json();
    const txid = nextTx();
    aml.score(txid, 90);
    expect(await paid(ticket.id, txid)).toBe('review');
    await ctx.database.db
      .update(tickets)
      .set({ reviewDeadline: new Date(Date.now() - 1000) })
      .where(eq(tickets.id, ticket.id));
    const [release, job] = await Promise.all([
      call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/clearReview`, roles.operator, { note: 'checked the source' }),
      ctx.app.services.aml.expireReviews(),
    ]);
    const status = (await row(ticket.id)).status;
    const out = (
      await ctx.database.db
        .select()
        .from(ticketHistory)
        .where(and(eq(ticketHistory.ticketId, ticket.id), eq(ticketHistory.fromStatus, 'on_review')))
        .orderBy(asc(ticketHistory.createdAt))
    ).map((h) => h.toStatus);
    expect(out).toHaveLength(1);
    if (release.statusCode === 200) {
      expect(job).toBe(0);
      expect(status).toBe('new');
      expect((await auditOf(ctx, 'tickets', ticket.id))[0]!.action).toBe('clearReview');
    } else {
      expect(release.statusCode).toBe(409);
      expect(job).toBe(1);
      expect(status).toBe('payment_problem');
    }
  });

  it('lets an operator refuse a review: the client gets the refund choice and a mail', async () => {
    const ticket = (await btcTicket()).json();
    const txid = nextTx();
    aml.score(txid, 99);
    await paid(ticket.id, txid);
    const detail = await call(ctx, 'GET', `/api/admin/tickets/${ticket.id}`, roles.operator);
    expect(detail.json().actions).toEqual(expect.arrayContaining(['clearReview', 'refuseReview']));
    const refused = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/refuseReview`, roles.operator, {
      note: 'mixer funds',
    });
    expect(refused.statusCode).toBe(200);
    expect((await view(ticket.id)).paymentProblem).toBe('aml');
    const [audit] = await auditOf(ctx, 'tickets', ticket.id);
    expect(audit!.action).toBe('refuseReview');
  });

  it('keeps the thresholds in the console: operators read them, admins set them', async () => {
    const shown = await call(ctx, 'GET', '/api/admin/aml/settings', roles.operator);
    expect(shown.json()).toEqual({ reviewScore: 75, refuseScore: 90, reviewHours: 24 });
    const bad = await call(ctx, 'PUT', '/api/admin/aml/settings', roles.admin, {
      reviewScore: 80,
      refuseScore: 50,
      reviewHours: 24,
    });
    expect(bad.statusCode).toBe(400);
    const set = await call(ctx, 'PUT', '/api/admin/aml/settings', roles.admin, {
      reviewScore: 60,
      refuseScore: 95,
      reviewHours: 48,
    });
    expect(set.json()).toEqual({ reviewScore: 60, refuseScore: 95, reviewHours: 48 });
    const [audit] = await auditOf(ctx, 'aml_settings');
    expect(audit!.after).toEqual({ reviewScore: 60, refuseScore: 95, reviewHours: 48 });
    await call(ctx, 'PUT', '/api/admin/aml/settings', roles.admin, {
      reviewScore: 75,
      refuseScore: 90,
      reviewHours: 24,
    });
  });
});

describe('with AML off (the default)', () => {
  it('screens nothing: the same risky address makes a ticket', async () => {
    const plain = await createTestApp({ database: ctx.database });
    try {
      aml.score(RISKY_TRON, 95);
      const res = await createTicket(plain, {
        giveName: 'BTC',
        getName: 'USDTTRC20',
        giveSum: '0.01',
        getSum: '0',
        calcDirection: 'sell',
        useFixed: false,
        email: 'aml.off@ex.com',
        requisites: { give: {}, get: { walletAddress: RISKY_TRON } },
        agreeAml: true,
        agreeRules: true,
      });
      expect(res.statusCode).toBe(200);
      expect(aml.calls).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });
});
