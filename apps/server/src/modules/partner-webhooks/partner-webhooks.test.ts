import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDeliveries, WebhookEndpoint, WebhookSecret } from '@obmen/shared';
import { startFakePartnerEndpoint, type FakePartnerEndpoint } from '../../../test/fake-partner-endpoint';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loadConfig } from '../../config';
import { openPostgres, type Database } from '../../db/database';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import {
  auditLog,
  outbox,
  partnerWebhookAttempts,
  partnerWebhookDeliveries,
  partnerWebhookEndpoints,
  tickets,
  users,
} from '../../db/schema';

/**
 * The partner's side of the signature, as docs/partners.md ("Webhooks") gives it: the header's time
 * within the tolerance, and one of its v1 values the HMAC-SHA256 of "<t>.<raw body>" under a secret.
 */
function verifyObmenSignature(header: string, body: string, secrets: string[], toleranceSeconds: number): boolean {
  const fields = header.split(',').map((field) => field.split('=', 2) as [string, string]);
  const t = Number(fields.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const given = fields.filter(([key]) => key === 'v1').map(([, value]) => Buffer.from(value, 'hex'));
  return secrets.some((secret) => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
    return given.some((value) => value.length === expected.length && timingSafeEqual(value, expected));
  });
}

const BASE = '/api/v1/Partner/webhooks';
const ALL_EVENTS = [
  'ticket.created',
  'ticket.payment_seen',
  'ticket.paid',
  'ticket.problem',
  'ticket.success',
  'ticket.error',
  'ticket.refunded',
];

type Partner = Awaited<ReturnType<typeof createUser>> & { refId: number };

async function createPartner(ctx: TestContext): Promise<Partner> {
  const user = await createUser(ctx);
  const summary = await ctx.app.inject({ method: 'GET', url: '/api/v1/Ref/summary', headers: user.headers });
  return { ...user, refId: summary.json<{ refId: number }>().refId };
}

async function register(ctx: TestContext, partner: Partner, url: string, events = ALL_EVENTS) {
  const res = await ctx.app.inject({ method: 'POST', url: BASE, headers: partner.headers, payload: { url, events } });
  return res;
}

async function registered(ctx: TestContext, partner: Partner, url: string, events = ALL_EVENTS) {
  const res = await register(ctx, partner, url, events);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<WebhookSecret>();
}

async function partnerTicket(ctx: TestContext, partner: Partner) {
  const res = await createTicket(ctx, usdtToBtc('0.01', { refId: String(partner.refId) }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; number: number }>();
}

/** Time passes for the queue: every waiting delivery is due now. */
async function makeDue(ctx: TestContext) {
  await ctx.database.db
    .update(partnerWebhookDeliveries)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(partnerWebhookDeliveries.state, 'pending'));
}

const deliveriesOf = (ctx: TestContext, endpointId: string) =>
  ctx.database.db.select().from(partnerWebhookDeliveries).where(eq(partnerWebhookDeliveries.endpointId, endpointId));

describe('registering a webhook endpoint', () => {
  let ctx: TestContext;
  let partner: Partner;
  beforeAll(async () => {
    // The shipped settings: https only, no private addresses.
    ctx = await createTestApp();
    partner = await createPartner(ctx);
  });
  afterAll(() => ctx.close());

  it.each([
    'https://127.0.0.1/hooks',
    'https://10.0.0.1/hooks',
    'https://[::1]/hooks',
    'https://localhost:8443/hooks',
    'https://[::ffff:10.0.0.1]/hooks',
    'https://100.64.0.1/hooks',
    'https://169.254.169.254/latest',
    'https://[fd00::1]/hooks',
    'https://0.0.0.0/hooks',
  ])('refuses %s: it is, or resolves to, an address that is not public', async (url) => {
    const res = await register(ctx, partner, url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('webhook_private_host');
  });

  it('refuses plain http, and a URL with no events, in the account language', async () => {
    const http = await register(ctx, partner, 'http://example.com/hooks');
    expect(http.statusCode).toBe(400);
    expect(http.json().error.code).toBe('webhook_url_invalid');
    const none = await register(ctx, partner, 'https://example.com/hooks', []);
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('Выберите хотя бы одно событие');
  });

  it('allows neither plain http nor private hosts unless the settings say so', () => {
    const config = loadConfig({});
    expect(config.WEBHOOK_ALLOW_HTTP).toBe(false);
    expect(config.WEBHOOK_ALLOW_PRIVATE_HOSTS).toBe(false);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'on' }).WEBHOOK_ALLOW_PRIVATE_HOSTS).toBe(true);
  });

  it('needs a signed-in account', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: BASE });
    expect(res.statusCode).toBe(401);
  });
});

describe('webhooks to a partner', () => {
  let ctx: TestContext;
  let receiver: FakePartnerEndpoint;
  let partner: Partner;
  beforeAll(async () => {
    receiver = await startFakePartnerEndpoint();
    ctx = await createTestApp({
      webhooks: { allowHttp: true, allowPrivateHosts: true },
      webhookTimings: { timeoutMs: 2000, pauseAfterFailures: 3 },
    });
  });
  beforeEach(async () => {
    partner = await createPartner(ctx);
    receiver.answer(200);
    receiver.received.length = 0;
  });
  afterEach(async () => {
    await ctx.database.db.delete(partnerWebhookEndpoints);
  });
  afterAll(async () => {
    await ctx.close();
    receiver.close();
  });

  it('a ticket transition makes one delivery per subscribed endpoint, signed, with the ticket’s fields', async () => {
    const all = await registered(ctx, partner, receiver.url);
    const successOnly = await registered(ctx, partner, `${receiver.url}/success`, ['ticket.success']);
    const ticket = await partnerTicket(ctx, partner);
    await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/confirm/${ticket.id}` });
    await ctx.app.services.tickets.transition(ticket.id, 'complete', {
      actor: 'operator:test',
      payoutReference: 'a'.repeat(64),
    });
    expect((await deliveriesOf(ctx, all.endpoint.id)).map((d) => d.type).sort()).toEqual([
      'ticket.created',
      'ticket.paid',
      'ticket.success',
    ]);
    expect((await deliveriesOf(ctx, successOnly.endpoint.id)).map((d) => d.type)).toEqual(['ticket.success']);

    expect(await ctx.app.services.webhooks.deliver()).toBe(4);
    expect(receiver.received).toHaveLength(4);
    const success = receiver.received.find((r) => r.path === '/hooks/success')!;
    expect(verifyObmenSignature(success.signature, success.rawBody, [successOnly.secret], 300)).toBe(true);
    expect(verifyObmenSignature(success.signature, success.rawBody, [all.secret], 300)).toBe(false);
    const body = JSON.parse(success.rawBody);
    expect(body).toMatchObject({
      type: 'ticket.success',
      id: success.eventId,
      data: {
        id: ticket.id,
        number: ticket.number,
        status: 'success',
        give: { currency: 'USDTTRC20' },
        get: { currency: 'BTC', amount: '0.01' },
        txids: { payout: 'a'.repeat(64) },
      },
    });
    expect(Math.abs(body.created - Date.now() / 1000)).toBeLessThan(60);
    // The same success event reaches both endpoints under one event id.
    const twin = receiver.received.find((r) => r.path === '/hooks' && r.type === 'ticket.success')!;
    expect(twin.eventId).toBe(success.eventId);
    // Nothing is sent twice.
    await makeDue(ctx);
    expect(await ctx.app.services.webhooks.deliver()).toBe(0);
    expect(receiver.received).toHaveLength(4);
  });

  it('a payment seen on the chain, then counted, tells payment_seen and paid with its txid', async () => {
    const { endpoint } = await registered(ctx, partner, receiver.url, ['ticket.payment_seen', 'ticket.paid']);
    const ticket = await partnerTicket(ctx, partner);
    const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    const txid = 'b'.repeat(64);
    const observation = {
      ticketId: ticket.id,
      txid,
      amount: row!.giveSum,
      required: 20,
      seenAt: new Date(),
      gone: false,
    };
    await ctx.app.services.payments.recordIncomingPayment({ ...observation, confirmations: 0 });
    await ctx.app.services.payments.recordIncomingPayment({ ...observation, confirmations: 20 });
    expect((await deliveriesOf(ctx, endpoint.id)).map((d) => d.type).sort()).toEqual([
      'ticket.paid',
      'ticket.payment_seen',
    ]);
    await ctx.app.services.webhooks.deliver();
    const paid = receiver.received.find((r) => r.type === 'ticket.paid')!;
    expect(JSON.parse(paid.rawBody).data).toMatchObject({ status: 'new', txids: { payments: [txid] } });
  });

  it('a transition rolled back leaves no delivery; tickets of other partners none either', async () => {
    const endpoint = await registered(ctx, partner, receiver.url);
    const ticket = await partnerTicket(ctx, partner);
    await expect(
      ctx.app.services.tickets.transition(ticket.id, 'confirm', {
        actor: 'client',
        within: async () => {
          throw new Error('the audit could not be written');
        },
      }),
    ).rejects.toThrow('the audit could not be written');
    const other = await createPartner(ctx);
    await partnerTicket(ctx, other);
    expect((await deliveriesOf(ctx, endpoint.endpoint.id)).map((d) => d.type)).toEqual(['ticket.created']);
  });

  it('an endpoint answering 500 gets the event again on the schedule, and a redeliver resends it', async () => {
    const { endpoint } = await registered(ctx, partner, receiver.url, ['ticket.created']);
    await partnerTicket(ctx, partner);
    receiver.answer(500);
    expect(await ctx.app.services.webhooks.deliver()).toBe(0);
    expect(receiver.received).toHaveLength(1);
    let [delivery] = await deliveriesOf(ctx, endpoint.id);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500 });
    // The first retry after 30 s ± 20 %.
    const wait = (delivery!.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThan(37);
    // Not before its time.
    expect(await ctx.app.services.webhooks.deliver()).toBe(0);
    expect(receiver.received).toHaveLength(1);

    await makeDue(ctx);
    await ctx.app.services.webhooks.deliver();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.eventId).toBe(receiver.received[0]!.eventId);
    expect(receiver.received[1]!.rawBody).toBe(receiver.received[0]!.rawBody);
    [delivery] = await deliveriesOf(ctx, endpoint.id);
    // The second wait is twice the first: 60 s ± 20 %.
    const second = (delivery!.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(second).toBeGreaterThan(45);
    expect(second).toBeLessThan(73);

    // The partner's log shows both tries, each with its status and the start of the answer.
    const log = await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/${endpoint.id}/deliveries`,
      headers: partner.headers,
    });
    const [entry] = log.json<WebhookDeliveries>().items;
    expect(entry!.attempts.map((a) => [a.trigger, a.statusCode])).toEqual([
      ['schedule', 500],
      ['schedule', 500],
    ]);
    expect(entry!.attempts[0]!.responseBody!.length).toBe(1000);

    receiver.answer(200);
    const redelivered = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/${endpoint.id}/deliveries/${delivery!.id}/redeliver`,
      headers: partner.headers,
    });
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    expect(redelivered.json()).toMatchObject({ state: 'delivered', eventId: receiver.received[0]!.eventId });
    expect(redelivered.json().attempts.at(-1)).toMatchObject({ trigger: 'redeliver', statusCode: 200 });
    expect(receiver.received).toHaveLength(3);
    expect(receiver.received[2]!.eventId).toBe(receiver.received[0]!.eventId);
    const audit = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.redeliver'), eq(auditLog.resourceId, delivery!.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorName).toBe(partner.username);

    // Delivered, it is not sent again; and another partner cannot redeliver it.
    await makeDue(ctx);
    await ctx.app.services.webhooks.deliver();
    expect(receiver.received).toHaveLength(3);
    const stranger = await createPartner(ctx);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/${endpoint.id}/deliveries/${delivery!.id}/redeliver`,
      headers: stranger.headers,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('stops retrying 24 hours after the first try: the delivery is failed', async () => {
    const { endpoint } = await registered(ctx, partner, receiver.url, ['ticket.created']);
    await partnerTicket(ctx, partner);
    receiver.answer(503);
    await ctx.app.services.webhooks.deliver();
    await ctx.database.db
      .update(partnerWebhookDeliveries)
      .set({ firstAttemptAt: sql`now() - interval '24 hours'`, nextAttemptAt: sql`now()` })
      .where(eq(partnerWebhookDeliveries.endpointId, endpoint.id));
    await ctx.app.services.webhooks.deliver();
    const [delivery] = await deliveriesOf(ctx, endpoint.id);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 2, lastStatus: 503 });
    expect(receiver.received).toHaveLength(2);
  });

  it('pauses an endpoint after repeated failures and tells the partner by mail in its language', async () => {
    await ctx.database.db.update(users).set({ lang: 'en' }).where(eq(users.username, partner.username));
    const { endpoint } = await registered(ctx, partner, receiver.url, ['ticket.created']);
    await partnerTicket(ctx, partner);
    receiver.answer(500);
    for (let i = 0; i < 3; i += 1) {
      await ctx.app.services.webhooks.deliver();
      await makeDue(ctx);
    }
    const [row] = await ctx.database.db
      .select()
      .from(partnerWebhookEndpoints)
      .where(eq(partnerWebhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ pausedBy: 'failing', consecutiveFailures: 3 });
    const mails = await ctx.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'webhook_paused'), eq(outbox.toAddress, `${partner.username}@example.com`)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Obmen: your webhook endpoint is paused');
    expect(mails[0]!.text).toContain(receiver.url);

    // Paused: nothing is sent, events still queue.
    await partnerTicket(ctx, partner);
    await ctx.app.services.webhooks.deliver();
    expect(receiver.received).toHaveLength(3);
    const list = await ctx.app.inject({ method: 'GET', url: BASE, headers: partner.headers });
    expect(list.json<WebhookEndpoint[]>()[0]!.pausedBy).toBe('failing');

    // Resumed by the partner once it answers again: what waited goes out.
    receiver.answer(200);
    const resumed = await ctx.app.inject({
      method: 'PATCH',
      url: `${BASE}/${endpoint.id}`,
      headers: partner.headers,
      payload: { paused: false },
    });
    expect(resumed.json()).toMatchObject({ pausedBy: null, consecutiveFailures: 0 });
    expect(await ctx.app.services.webhooks.deliver()).toBe(2);
    expect(receiver.received).toHaveLength(5);
  });

  it('after a rotation, a signature with the old secret is accepted during the overlap and not after', async () => {
    const first = await registered(ctx, partner, receiver.url, ['ticket.created']);
    const rotated = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/${first.endpoint.id}/rotate`,
      headers: partner.headers,
      payload: { overlapHours: 24 },
    });
    const second = rotated.json<WebhookSecret>();
    expect(second.secret).not.toBe(first.secret);
    expect(Date.parse(second.endpoint.previousSecretUntil!) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    await partnerTicket(ctx, partner);
    await ctx.app.services.webhooks.deliver();
    const during = receiver.received[0]!;
    expect(during.signature.match(/v1=/g)).toHaveLength(2);
    expect(verifyObmenSignature(during.signature, during.rawBody, [first.secret], 300)).toBe(true);
    expect(verifyObmenSignature(during.signature, during.rawBody, [second.secret], 300)).toBe(true);
    expect(verifyObmenSignature(during.signature, `${during.rawBody} `, [first.secret], 300)).toBe(false);

    // The overlap is over.
    await ctx.database.db
      .update(partnerWebhookEndpoints)
      .set({ previousUntil: sql`now() - interval '1 second'` })
      .where(eq(partnerWebhookEndpoints.id, first.endpoint.id));
    await partnerTicket(ctx, partner);
    await ctx.app.services.webhooks.deliver();
    const after = receiver.received[1]!;
    expect(after.signature.match(/v1=/g)).toHaveLength(1);
    expect(verifyObmenSignature(after.signature, after.rawBody, [first.secret], 300)).toBe(false);
    expect(verifyObmenSignature(after.signature, after.rawBody, [second.secret], 300)).toBe(true);
    // An old header replayed later is refused by the tolerance.
    expect(verifyObmenSignature(after.signature.replace(/t=\d+/, 't=1000'), after.rawBody, [second.secret], 300)).toBe(
      false,
    );
  });

  it('keeps at most 5 endpoints per account; the secret is stored sealed', async () => {
    for (let i = 0; i < 5; i += 1) await registered(ctx, partner, `${receiver.url}/${i}`);
    const sixth = await register(ctx, partner, `${receiver.url}/6`);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error.code).toBe('webhook_limit');
    const rows = await ctx.database.db.select().from(partnerWebhookEndpoints);
    expect(rows.every((row) => row.sealedSecret.startsWith('v1.') && !row.sealedSecret.includes('whsec_'))).toBe(true);
  });

  it('a POST that gets no answer in time is a failed try, logged with its error', async () => {
    const { endpoint } = await registered(ctx, partner, receiver.url, ['ticket.created']);
    await partnerTicket(ctx, partner);
    receiver.answer('hang');
    await ctx.app.services.webhooks.deliver();
    const [attempt] = await ctx.database.db
      .select()
      .from(partnerWebhookAttempts)
      .innerJoin(partnerWebhookDeliveries, eq(partnerWebhookDeliveries.id, partnerWebhookAttempts.deliveryId))
      .where(eq(partnerWebhookDeliveries.endpointId, endpoint.id));
    expect(attempt!.partner_webhook_attempts).toMatchObject({ statusCode: null, error: 'no answer within 2000 ms' });
    expect(attempt!.partner_webhook_attempts.durationMs).toBeGreaterThanOrEqual(1900);
  });
});

describe('two servers on one database', () => {
  let ctx: TestContext;
  let other: TestContext;
  let otherPool: Database | null = null;
  let strict: TestContext;
  let receiver: FakePartnerEndpoint;
  beforeAll(async () => {
    receiver = await startFakePartnerEndpoint();
    ctx = await createTestApp({ webhooks: { allowHttp: true, allowPrivateHosts: true } });
    // On PostgreSQL the second server has its own pool, as a second process would.
    const url = (ctx.database as Database & { url?: string }).url;
    otherPool = url ? await openPostgres(url, 5) : null;
    other = await createTestApp({
      database: otherPool ?? ctx.database,
      webhooks: { allowHttp: true, allowPrivateHosts: true },
    });
    strict = await createTestApp({ database: ctx.database, webhooks: { allowHttp: true } });
  });
  afterAll(async () => {
    await strict.close();
    await other.close();
    await otherPool?.close();
    await ctx.close();
    receiver.close();
  });

  it('concurrent job runs deliver each event once', async () => {
    const partner = await createPartner(ctx);
    await registered(ctx, partner, receiver.url, ['ticket.created']);
    for (let i = 0; i < 12; i += 1) await partnerTicket(ctx, partner);
    // Each process runs its job twice at once, as its timer and a manual run could.
    await Promise.all([
      ctx.app.services.webhooks.deliver(),
      other.app.services.webhooks.deliver(),
      other.app.services.webhooks.deliver(),
      ctx.app.services.webhooks.deliver(),
    ]);
    const ids = receiver.received.map((r) => r.eventId);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    await ctx.database.db.delete(partnerWebhookEndpoints);
  });

  it('a delivery is checked again when it is sent: without the test setting, 127.0.0.1 is refused then too', async () => {
    receiver.received.length = 0;
    const partner = await createPartner(ctx);
    const { endpoint } = await registered(ctx, partner, receiver.url, ['ticket.created']);
    await partnerTicket(ctx, partner);
    await strict.app.services.webhooks.deliver();
    expect(receiver.received).toHaveLength(0);
    const [delivery] = await deliveriesOf(ctx, endpoint.id);
    expect(delivery).toMatchObject({ state: 'pending', attempts: 1, lastError: 'refused: webhook_private_host' });
  });
});
