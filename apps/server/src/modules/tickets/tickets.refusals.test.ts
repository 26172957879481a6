import { readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, sberToBtc, uploadCardPhoto, usdtToBtc } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { cardChecks, outbox, promoCodes, reserves, ticketHistory, tickets } from '../../db/schema';
import { createQuoteSigner } from '../exchange/quote-token';

/** Must hold (issue 6): each bad request is refused with its own clear error, and nothing changes. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Everything a ticket call could change: tickets, their history, holds, promo codes, mails, card photos. */
async function everything() {
  const { db } = ctx.database;
  const [ticketCount] = await db.select({ n: count() }).from(tickets);
  const [historyCount] = await db.select({ n: count() }).from(ticketHistory);
  const [mailCount] = await db.select({ n: count() }).from(outbox);
  return {
    tickets: ticketCount!.n,
    history: historyCount!.n,
    mails: mailCount!.n,
    statuses: await db.select({ id: tickets.id, status: tickets.status }).from(tickets).orderBy(tickets.id),
    reserves: await db.select().from(reserves).orderBy(reserves.currencyCode),
    promo: await db.select().from(promoCodes).orderBy(promoCodes.code),
    cardChecks: await db.select().from(cardChecks).orderBy(cardChecks.ticketId),
    photos: readdirSync(path.join(ctx.uploadsDir, 'card-checks'), { withFileTypes: true }).map((f) => f.name),
  };
}

const upload = (ticketId: string, body: Buffer, headers: Record<string, string> = {}) =>
  uploadCardPhoto(ctx, ticketId, body, { headers });

const photo = () =>
  sharp({ create: { width: 80, height: 50, channels: 3, background: '#1c7ed6' } })
    .jpeg()
    .toBuffer();

/** A tiny PNG whose header claims `width` × `height` pixels: what a decompression bomb looks like. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // 8 bits per sample, greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

let cardTicket: string;
beforeAll(async () => {
  await ctx.database.db.insert(promoCodes).values({ code: 'UNTOUCHED' });
  // A photo already on file, so a refused upload can be seen not to replace it.
  cardTicket = (await createTicket(ctx, sberToBtc('10000', { email: 'refusals@example.com' }))).json().id;
  expect((await upload(cardTicket, await photo())).statusCode).toBe(200);
});

describe('refused, with nothing changed', () => {
  it('tampered sums of a floating quote', async () => {
    const before = await everything();
    for (const giveSum of ['1', '0.00', '100000', 'abc']) {
      const res = await createTicket(ctx, usdtToBtc('0.01', { giveSum, promocode: 'UNTOUCHED' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: { code: 'sums_changed', message: 'Суммы не совпадают с текущим расчётом: проверьте новые суммы' },
      });
    }
    const sell = await createTicket(ctx, sberToBtc('10000', { getSum: '1.5' }), { 'accept-language': 'en' });
    expect(sell.json().error.message).toBe('The amounts do not match the current calculation: check the new amounts');
    expect(await everything()).toEqual(before);
  });

  it('a fixed quote that expired, or whose sums were changed', async () => {
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/Exchange/calculate',
      payload: { giveName: 'USDTTRC20', getName: 'BTC', sum: '0.01', direction: 'buy', useFixedDirection: 'true' },
    });
    const { giveSum, getSum, quoteToken } = quote.json();
    const signer = createQuoteSigner('test-secret-that-is-long-enough-for-hmac-0123456789');
    const expired = signer.sign({ ...signer.verify(quoteToken)!, exp: Date.now() - 1 });
    const before = await everything();

    const late = await createTicket(ctx, usdtToBtc(getSum, { giveSum, useFixed: true, quoteToken: expired }));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      error: { code: 'quote_expired', message: 'Время фиксированного курса истекло: пересчитайте сумму' },
    });
    const cheaper = await createTicket(ctx, usdtToBtc(getSum, { giveSum: '1.00', useFixed: true, quoteToken }));
    expect(cheaper.json().error.code).toBe('quote_invalid');
    const tokenless = await createTicket(ctx, usdtToBtc(getSum, { giveSum, useFixed: true }));
    expect(tokenless.json().error.code).toBe('quote_invalid');
    expect(await everything()).toEqual(before);
  });

  it('a ticket id that is not the asker’s, for every ticket and card-check call', async () => {
    const owner = await createUser(ctx);
    const stranger = await createUser(ctx);
    const mine = (
      await createTicket(ctx, sberToBtc('10000', { email: 'owner-card@example.com' }), owner.headers)
    ).json();
    expect(mine.status).toBe('card_check');
    const before = await everything();
    const calls = [
      { url: `/api/v1/Tickets/${mine.id}` },
      { url: `/api/v1/Tickets/confirm/${mine.id}` },
      { method: 'POST' as const, url: `/api/v1/Tickets/confirm/${mine.id}` },
      { url: `/api/v1/Tickets/cancel/${mine.id}` },
      { method: 'POST' as const, url: `/api/v1/Tickets/cancel/${mine.id}` },
      { url: `/api/v1/CardCheck/checkstatusbyticket?ticketId=${mine.id}` },
      { url: `/api/v1/CardCheck/image?ticketId=${mine.id}` },
    ];
    // Another user finds nothing; signed out, the owner's link says to sign in. Either way nothing moves.
    for (const [headers, status] of [
      [stranger.headers, 404],
      [{}, 401],
    ] as const) {
      for (const call of calls) {
        const res = await ctx.app.inject({ ...call, headers });
        expect(res.statusCode, call.url).toBe(status);
      }
      const sent = await upload(mine.id, await photo(), headers);
      expect(sent.statusCode).toBe(status);
    }
    const strangers = await upload(mine.id, await photo(), stranger.headers);
    expect(strangers.json()).toEqual({ error: { code: 'not_found', message: 'Заявка не найдена' } });
    const english = await ctx.app.inject({
      url: `/api/v1/Tickets/${mine.id}`,
      headers: { ...stranger.headers, 'accept-language': 'en' },
    });
    expect(english.json().error.message).toBe('Ticket not found');
    expect(await everything()).toEqual(before);
    // The owner still reaches it.
    expect((await ctx.app.inject({ url: `/api/v1/Tickets/${mine.id}`, headers: owner.headers })).statusCode).toBe(200);
  });

  it('an upload that is no image, whatever it claims to be', async () => {
    const before = await everything();
    for (const body of [
      Buffer.from('%PDF-1.7 not a photo at all'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('broken jpeg')]),
    ]) {
      const res = await upload(cardTicket, body);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        error: { code: 'upload_unsupported', message: 'Нужна фотография в формате JPEG, PNG или WebP' },
      });
    }
    const english = await upload(cardTicket, Buffer.from('GIF89a'), { 'accept-language': 'en' });
    expect(english.json().error.message).toBe('A JPEG, PNG or WebP photo is needed');
    expect(await everything()).toEqual(before);
  });

  it('a 50 MB upload, and an image of too many pixels', async () => {
    const before = await everything();
    const huge = await upload(cardTicket, Buffer.alloc(50 * 1024 * 1024, 0xff));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: { code: 'upload_too_large', message: 'Файл больше 10 МБ' } });
    const english = await upload(cardTicket, Buffer.alloc(11 * 1024 * 1024, 0xff), { 'accept-language': 'en' });
    expect(english.json().error.message).toBe('The file is larger than 10 MB');

    const pixels = await upload(cardTicket, pngClaiming(20_000, 20_000));
    expect(pixels.statusCode).toBe(413);
    expect(pixels.json().error.code).toBe('upload_too_many_pixels');
    expect(await everything()).toEqual(before);
  });

  it('paying or cancelling a ticket whose payment window has passed', async () => {
    const ticket = (await createTicket(ctx, usdtToBtc('0.01'))).json();
    await ctx.database.db
      .update(tickets)
      .set({ paymentDeadline: new Date(Date.now() - 1000) })
      .where(eq(tickets.id, ticket.id));
    expect((await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}` })).json().status).toBe('deleted');
    const before = await everything();
    for (const action of ['confirm', 'cancel']) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/${action}/${ticket.id}` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: { code: 'payment_expired', message: 'Истекло время оплаты' } });
    }
    expect(await everything()).toEqual(before);
  });
});
