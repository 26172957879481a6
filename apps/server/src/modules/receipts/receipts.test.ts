import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptKeys, ReceiptVerdict, SignedReceipt } from '@obmen/shared';
import { auditOf, call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { outbox, receiptKeys } from '../../db/schema';
import { canonicalBytes } from './receipt-signature';
import { VERIFICATIONS_PER_ADDRESS } from './receipts.routes';

const PAYOUT_TX = 'b'.repeat(64);
const DEPOSIT_TX = 'c'.repeat(64);

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  ctx = await createTestApp();
  roles = await consoleRoles(ctx);
});
afterAll(() => ctx.close());

/** A ticket paid on chain (its deposit counted) and paid out: a success. */
async function completedTicket(headers: Record<string, string> = {}, email = 'receipt@example.com') {
  const created = await createTicket(ctx, usdtToBtc('0.01', { email }), headers);
  expect(created.statusCode, created.body).toBe(200);
  const ticket = created.json<{ id: string; number: number; give: { sum: string } }>();
  await ctx.app.services.payments.recordIncomingPayment({
    ticketId: ticket.id,
    txid: DEPOSIT_TX,
    amount: ticket.give.sum,
    confirmations: 20,
    required: 20,
    seenAt: new Date(),
    gone: false,
  });
  await ctx.app.services.tickets.transition(ticket.id, 'complete', {
    actor: 'operator:test',
    payoutReference: PAYOUT_TX,
  });
  return ticket;
}

const receiptOf = (id: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: `/api/v1/Tickets/${id}/receipt`, headers });

let lastAddress = 0;
/** Each check from its own address, so the per-address limit is tested on its own. */
const nextAddress = () => `203.0.113.${(lastAddress = (lastAddress % 250) + 1)}`;

async function verify(text: string, lang = 'ru', remoteAddress = nextAddress()): Promise<ReceiptVerdict> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/receipts/verify',
    headers: { 'accept-language': lang },
    payload: { text },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReceiptVerdict>();
}

/** The text with the byte at `index` replaced by another printable one. */
function flipByte(text: string, index: number): string {
  const replacement = text[index] === '1' ? '2' : '1';
  return text.slice(0, index) + replacement + text.slice(index + 1);
}

describe('a successful ticket’s receipt', () => {
  let ticket: Awaited<ReturnType<typeof completedTicket>>;
  let signed: SignedReceipt;
  beforeAll(async () => {
    ticket = await completedTicket();
    const res = await receiptOf(ticket.id);
    expect(res.statusCode, res.body).toBe(200);
    signed = res.json<SignedReceipt>();
  });

  it('states the sums, rate, both transactions and times, signed with Ed25519 over its canonical JSON', async () => {
    expect(signed.receipt).toMatchObject({
      version: 1,
      site: 'http://localhost:8080',
      ticket: ticket.number,
      give: { currency: 'USDTTRC20' },
      get: { currency: 'BTC' },
      txids: { deposit: [DEPOSIT_TX], payout: PAYOUT_TX },
    });
    expect(signed.receipt.paidAt).not.toBeNull();
    expect(Date.parse(signed.receipt.completedAt)).toBeGreaterThanOrEqual(Date.parse(signed.receipt.paidAt!));
    expect(signed.signature).toMatchObject({ alg: 'Ed25519', keyId: expect.stringMatching(/^rk_/) });

    // Anyone can check it without this code: the published JWK and Node's own Ed25519.
    const { keys } = (await ctx.app.inject({ url: '/.well-known/obmen-receipt-keys.json' })).json<ReceiptKeys>();
    const jwk = keys.find((key) => key.kid === signed.signature.keyId)!;
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' });
    const value = Buffer.from(signed.signature.value, 'base64url');
    expect(nodeVerify(null, canonicalBytes(signed.receipt), publicKey, value)).toBe(true);
    // RFC 8785: keys sorted, no spaces.
    expect(canonicalBytes(signed.receipt).toString()).toMatch(/^\{"completedAt":"[^"]+","createdAt":/);
  });

  it('verifies as valid, however the file is indented or its keys ordered', async () => {
    const verdict = await verify(JSON.stringify(signed, null, 2), 'en');
    expect(verdict).toMatchObject({ valid: true, reason: 'valid', keyId: signed.signature.keyId });
    expect(verdict.message).toBe(
      'The receipt is genuine: this exchanger signed it and nothing in it has changed since',
    );
    expect(verdict.receipt).toEqual(signed.receipt);
    const reordered = {
      signature: signed.signature,
      receipt: Object.fromEntries(Object.entries(signed.receipt).reverse()),
    };
    expect((await verify(JSON.stringify(reordered))).valid).toBe(true);
  });

  it('says invalid, and why, when any one byte of the receipt changes', async () => {
    const text = JSON.stringify(signed);
    const receiptStart = text.indexOf('"receipt":') + '"receipt":'.length;
    const receiptEnd = text.indexOf(',"signature":');
    // Each digit of the receipt (amounts, rate, times, number, txids) changed in turn.
    let checked = 0;
    for (let i = receiptStart; i < receiptEnd; i += 1) {
      if (!/[0-9]/.test(text[i]!)) continue;
      const verdict = await verify(flipByte(text, i));
      expect(verdict, `byte ${i}`).toMatchObject({ valid: false, reason: 'altered', receipt: null });
      checked += 1;
      if (checked >= 25) break;
    }
    expect(checked).toBe(25);
    const sum = await verify(text.replace(`"amount":"${signed.receipt.get.amount}"`, '"amount":"1"'));
    expect(sum).toMatchObject({ valid: false, reason: 'altered' });
    expect(sum.message).toBe(
      'Содержимое квитанции изменено после подписи: суммы, даты или другие поля не те, что подписаны',
    );
  });

  it('tells a damaged signature, an unknown key, a non-receipt and broken JSON apart, in the request language', async () => {
    const value = signed.signature.value;
    const damaged = {
      ...signed,
      signature: { ...signed.signature, value: (value[0] === 'A' ? 'B' : 'A') + value.slice(1) },
    };
    expect(await verify(JSON.stringify(damaged), 'en')).toMatchObject({
      valid: false,
      reason: 'bad_signature',
      message: expect.stringContaining('The signature does not match'),
    });
    const foreign = { ...signed, signature: { ...signed.signature, keyId: 'rk_0000000000000000' } };
    expect(await verify(JSON.stringify(foreign), 'en')).toMatchObject({
      valid: false,
      reason: 'unknown_key',
      keyId: 'rk_0000000000000000',
      message: 'The receipt is signed with a key this exchanger never published',
    });
    expect(await verify(JSON.stringify({ receipt: signed.receipt }))).toMatchObject({ reason: 'not_a_receipt' });
    expect(await verify(JSON.stringify(signed).slice(0, -1))).toMatchObject({
      valid: false,
      reason: 'malformed',
      message: 'Это не JSON: текст повреждён или скопирован не полностью',
    });
  });

  it('lets one address check VERIFICATIONS_PER_ADDRESS receipts in its window, then answers 429', async () => {
    const text = JSON.stringify(signed);
    for (let i = 0; i < VERIFICATIONS_PER_ADDRESS.max; i += 1) await verify(text, 'en', '198.51.100.77');
    const over = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/receipts/verify',
      payload: { text },
      remoteAddress: '198.51.100.77',
    });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await verify(text, 'en', '198.51.100.78')).valid).toBe(true);
  });

  it('still verifies after a key rotation, which only an admin makes, audited; new receipts use the new key', async () => {
    const before = await receiptOf(ticket.id);
    expect(before.json<SignedReceipt>().signature.keyId).toBe(signed.signature.keyId);

    expect((await call(ctx, 'POST', '/api/admin/receipt-keys/rotate', roles.operator)).statusCode).toBe(403);
    expect((await call(ctx, 'POST', '/api/admin/receipt-keys/rotate', roles.user)).statusCode).toBe(403);
    const rotated = await call(ctx, 'POST', '/api/admin/receipt-keys/rotate', roles.admin);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { keys } = rotated.json<ReceiptKeys>();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatchObject({ retiredAt: null });
    expect(keys[1]).toMatchObject({ kid: signed.signature.keyId, retiredAt: expect.any(String) });
    const [audit] = await auditOf(ctx, 'receipt-keys');
    expect(audit).toMatchObject({ action: 'rotate', actorName: roles.adminName, resourceId: keys[0]!.kid });
    expect(audit!.before).toMatchObject({ keyId: signed.signature.keyId });

    // The receipt signed before the rotation still verifies; a new one is signed with the new key.
    expect(await verify(JSON.stringify(signed))).toMatchObject({ valid: true, keyId: signed.signature.keyId });
    const after = (await receiptOf(ticket.id)).json<SignedReceipt>();
    expect(after.signature.keyId).toBe(keys[0]!.kid);
    expect(after.receipt).toEqual(signed.receipt);
    expect((await verify(JSON.stringify(after))).valid).toBe(true);

    // Both public keys are published, the active one first.
    const published = await ctx.app.inject({ url: '/.well-known/obmen-receipt-keys.json' });
    expect(published.statusCode).toBe(200);
    expect(published.headers['cache-control']).toContain('public');
    expect(published.json<ReceiptKeys>().keys.map((key) => [key.kid, key.kty, key.crv, key.alg])).toEqual([
      [keys[0]!.kid, 'OKP', 'Ed25519', 'EdDSA'],
      [signed.signature.keyId, 'OKP', 'Ed25519', 'EdDSA'],
    ]);
  });

  it('keeps the private keys sealed at rest', async () => {
    const rows = await ctx.database.db.select().from(receiptKeys);
    expect(rows.length).toBe(2);
    for (const row of rows) expect(row.sealedPrivateKey).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});

describe('the signing key under concurrency', () => {
  it('stays one active key when admins rotate at the same moment, and every receipt still verifies', async () => {
    const ticket = await completedTicket({}, 'storm@example.com');
    const before = await ctx.database.db.select().from(receiptKeys);
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => call(ctx, 'POST', '/api/admin/receipt-keys/rotate', roles.admin)),
      ...Array.from({ length: 4 }, () => receiptOf(ticket.id)),
    ]);
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const after = await ctx.database.db.select().from(receiptKeys);
    expect(after).toHaveLength(before.length + 4);
    expect(after.filter((row) => row.retiredAt === null)).toHaveLength(1);
    for (const res of results.slice(4)) {
      expect((await verify(res.body)).valid).toBe(true);
    }
  });
});

describe('who may have a receipt', () => {
  it('is whoever may open the ticket: its owner, not another account nor a visitor', async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const ticket = await completedTicket(owner.headers, `${owner.username}@example.com`);
    expect((await receiptOf(ticket.id, owner.headers)).statusCode).toBe(200);
    expect((await receiptOf(ticket.id, other.headers)).statusCode).toBe(404);
    expect((await receiptOf(ticket.id)).statusCode).toBe(401);
    expect((await receiptOf('no-such-ticket-123')).statusCode).toBe(404);
  });

  it('exists only once the exchange succeeded', async () => {
    const open = (await createTicket(ctx, usdtToBtc('0.01', { email: 'open@example.com' }))).json<{ id: string }>();
    const res = await receiptOf(open.id, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'receipt_not_ready',
      message: 'The receipt is ready once the exchange has completed',
    });
  });
});

describe('review invitations', () => {
  it('are none until an admin sets monitors, audited; then the success mail invites and links the receipt', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/review-links' })).json()).toEqual([]);
    const links = [
      { name: 'BestChange', url: 'https://www.bestchange.ru/obmen-exchanger.html' },
      { name: 'Exnode', url: 'https://exnode.ru/exchangers/obmen' },
    ];
    expect((await call(ctx, 'PUT', '/api/admin/review-links', roles.operator, { links })).statusCode).toBe(403);
    const refused = await call(ctx, 'PUT', '/api/admin/review-links', roles.admin, {
      links: [{ name: 'X', url: 'javascript:alert(1)' }],
    });
    expect(refused.statusCode).toBe(400);
    const set = await call(ctx, 'PUT', '/api/admin/review-links', roles.admin, { links });
    expect(set.statusCode, set.body).toBe(200);
    expect((await ctx.app.inject({ url: '/api/v1/review-links' })).json()).toEqual(links);
    expect((await call(ctx, 'GET', '/api/admin/review-links', roles.admin)).json()).toEqual(links);
    const [audit] = await auditOf(ctx, 'review-links');
    expect(audit).toMatchObject({ action: 'update', before: [], after: links });

    const ticket = await completedTicket({}, 'reviews@example.com');
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.kind, 'ticket_success'));
    const mail = mails.find((m) => m.subject.includes(String(ticket.number)))!;
    expect(mail.text).toContain(`/ru/ticket/${ticket.id}/receipt`);
    expect(mail.text).toContain('оставьте, пожалуйста, отзыв на мониторинге');
    expect(mail.text).toContain('BestChange: https://www.bestchange.ru/obmen-exchanger.html');

    await call(ctx, 'PUT', '/api/admin/review-links', roles.admin, { links: [] });
    const quiet = await completedTicket({}, 'quiet@example.com');
    const quietMail = (await ctx.database.db.select().from(outbox).where(eq(outbox.kind, 'ticket_success'))).find((m) =>
      m.subject.includes(String(quiet.number)),
    )!;
    expect(quietMail.text).not.toContain('отзыв');
  });
});
