import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '@obmen/shared';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { cardPhoto, createTicket, OTHER_CARD, sberToBtc, uploadCardPhoto, usdtToBtc } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { cardChecks, outbox, promoCodes, reserves, tickets } from '../../db/schema';
import { createQuoteSigner } from '../exchange/quote-token';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const btcReserve = async () =>
  (await ctx.database.db.select().from(reserves).where(eq(reserves.currencyCode, 'BTC')))[0]!;
const get = (id: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: `/api/v1/Tickets/${id}`, headers });

describe('creating a ticket', () => {
  it('creates a coin ticket awaiting payment, holding its amount of the reserve, and mails the client', async () => {
    const before = await btcReserve();
    const res = await createTicket(ctx, usdtToBtc('0.01'));
    expect(res.statusCode).toBe(200);
    const ticket = res.json();
    expect(ticket).toMatchObject({
      status: 'advance',
      give: { code: 'USDTTRC20', valute: 'USDT' },
      get: { code: 'BTC', sum: '0.01000000' },
      requisites: { give: [], get: [{ name: 'walletAddress', value: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }] },
      cardCheck: { status: 'none' },
      history: [{ status: 'advance' }],
    });
    expect(ticket.id).toMatch(/^[\w-]{22}$/);
    expect(ticket.payTo[0].value).toMatch(/^T/);
    const deadline = new Date(ticket.paymentDeadline).getTime() - Date.now();
    expect(deadline).toBeGreaterThan(29 * 60_000);
    expect(new Decimal((await btcReserve()).held).minus(before.held).toFixed(8)).toBe('0.01000000');
    const [mail] = await ctx.database.db.select().from(outbox).where(eq(outbox.kind, 'ticket_advance'));
    expect(mail?.subject).toMatch(/^Obmen: заявка № \d+ — Ожидает оплаты$/);
  });

  it('recomputes a floating quote, taking the sums the client saw when the price barely moved', async () => {
    const honest = (await createTicket(ctx, usdtToBtc('0.01'))).json();
    const shown = new Decimal(honest.give.sum).times('1.004').toFixed(2);
    const moved = await createTicket(ctx, usdtToBtc('0.01', { giveSum: shown }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().give.sum).toBe(honest.give.sum);
  });

  it('honours a fixed quote only untampered and unexpired', async () => {
    const quote = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/Exchange/calculate',
      payload: { giveName: 'USDTTRC20', getName: 'BTC', sum: '0.01', direction: 'buy', useFixedDirection: 'true' },
    });
    const { giveSum, getSum, quoteToken } = quote.json();
    const fixed = usdtToBtc(getSum, { giveSum, useFixed: true, quoteToken });
    const ok = await createTicket(ctx, fixed);
    expect(ok.json()).toMatchObject({ fixed: true, give: { sum: giveSum }, get: { sum: getSum } });

    const tampered = await createTicket(ctx, { ...fixed, giveSum: '900.00' });
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json()).toEqual({
      error: { code: 'quote_invalid', message: 'Расчёт изменился: пересчитайте сумму' },
    });

    const signer = createQuoteSigner('test-secret-that-is-long-enough-for-hmac-0123456789');
    const claims = signer.verify(quoteToken)!;
    const expired = signer.sign({ ...claims, exp: Date.now() - 1000 });
    const late = await createTicket(ctx, { ...fixed, quoteToken: expired }, { 'accept-language': 'en' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe('The fixed rate has expired: recalculate the amount');
    const forged = await createTicket(ctx, { ...fixed, quoteToken: `${quoteToken.split('.')[0]}.forged` });
    expect(forged.json().error.code).toBe('quote_invalid');
  });

  it('checks every requisite and both agreements, naming each field', async () => {
    const res = await createTicket(
      ctx,
      sberToBtc('10000', {
        requisites: {
          give: { cardNumber: '2202 2000 0000 0009', fullName: 'Иван' },
          get: { walletAddress: '0xnot-btc' },
        },
        agreeAml: false,
        email: 'nope',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().parameterErrors).toEqual(
      expect.arrayContaining([
        { name: 'email', messages: ['Неверный формат почты'] },
        { name: 'agreeAml', messages: ['Необходимо принять условия AML/KYC'] },
      ]),
    );
    const fields = await createTicket(
      ctx,
      sberToBtc('10000', {
        requisites: {
          give: { cardNumber: '2202 2000 0000 0009', fullName: 'Иван' },
          get: { walletAddress: '0xnot-btc' },
        },
      }),
    );
    expect(fields.json().parameterErrors).toEqual([
      { name: 'requisites.give.cardNumber', messages: ['Неверный номер карты'] },
      { name: 'requisites.give.fullName', messages: ['Неверное значение'] },
      { name: 'requisites.get.walletAddress', messages: ['Неверное значение'] },
    ]);
  });

  it('refuses a payout address of the right look whose checksum does not match, in the client’s language (issue 42)', async () => {
    // BIP 173's own example with its last character changed: bech32 finds the typo.
    const typo = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5';
    const withAddress = (walletAddress: string, lang: string) =>
      createTicket(
        ctx,
        sberToBtc('10000', {
          email: 'checksum.client@example.com',
          requisites: { give: { cardNumber: '2202 2000 0000 0008', fullName: 'Иван Петров' }, get: { walletAddress } },
        }),
        { 'accept-language': lang },
      );
    const ru = await withAddress(typo, 'ru');
    expect(ru.statusCode).toBe(400);
    expect(ru.json().parameterErrors).toEqual([
      {
        name: 'requisites.get.walletAddress',
        messages: ['В адресе опечатка: не сходится контрольная сумма. Скопируйте адрес из кошелька ещё раз'],
      },
    ]);
    const en = await withAddress(typo, 'en');
    expect(en.json().parameterErrors[0].messages).toEqual([
      'This address has a typo: its checksum does not match. Copy it again from your wallet',
    ]);
    expect((await withAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'ru')).statusCode).toBe(200);
  });

  it('refuses amounts out of range or over the reserve, changing nothing', async () => {
    const before = await btcReserve();
    const small = await createTicket(ctx, usdtToBtc('0.0002'));
    expect(small.json()).toEqual({ parameterErrors: [{ name: 'sum', messages: ['Меньше минимальной суммы'] }] });
    await ctx.database.db.update(reserves).set({ balance: before.held }).where(eq(reserves.currencyCode, 'BTC'));
    ctx.app.services.catalog.forgetReserve('BTC');
    const over = await createTicket(ctx, usdtToBtc('0.01'));
    expect(over.json()).toEqual({
      parameterErrors: [{ name: 'sum', messages: ['Превышен лимит', 'В резерве 0 BTC: уменьшите сумму'] }],
    });
    await ctx.database.db.update(reserves).set({ balance: before.balance }).where(eq(reserves.currencyCode, 'BTC'));
    ctx.app.services.catalog.forgetReserve('BTC');
    expect((await btcReserve()).held).toBe(before.held);
  });

  it('refuses new tickets during maintenance', async () => {
    await ctx.app.services.siteState.update({ convertEnabled: false });
    const res = await createTicket(ctx, usdtToBtc('0.01'));
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Технический перерыв: новые заявки временно не принимаются');
    await ctx.app.services.siteState.update({ convertEnabled: true });
  });
});

describe('reading, confirming and cancelling', () => {
  it('lets whoever has the link read a visitor’s ticket, and only its owner read a user’s', async () => {
    const anonymous = (await createTicket(ctx, usdtToBtc())).json();
    expect((await get(anonymous.id)).statusCode).toBe(200);
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const mine = (await createTicket(ctx, usdtToBtc(), owner.headers)).json();
    expect((await get(mine.id, owner.headers)).statusCode).toBe(200);
    const res = await get(mine.id, other.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Заявка не найдена' } });
    // Signed out, the owner's own link says to sign in rather than "not found".
    const signedOut = await get(mine.id);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({
      error: { code: 'sign_in_required', message: 'Эта заявка создана в аккаунте: войдите, чтобы её увидеть' },
    });
    expect(
      (await ctx.app.inject({ url: `/api/v1/Tickets/cancel/${mine.id}`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect((await get('nosuchticketid0000000000')).statusCode).toBe(404);
    expect((await get('bad id!')).statusCode).toBe(400);
  });

  it('moves to “in progress” when the client confirms payment', async () => {
    const ticket = (await createTicket(ctx, usdtToBtc())).json();
    const confirmed = await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/confirm/${ticket.id}` });
    expect(confirmed.json()).toMatchObject({ status: 'new', payTo: null, paymentDeadline: null });
    const again = await ctx.app.inject({ url: `/api/v1/Tickets/confirm/${ticket.id}` });
    expect(again.statusCode).toBe(409);
    expect((await ctx.app.inject({ url: `/api/v1/Tickets/cancel/${ticket.id}` })).statusCode).toBe(409);
  });

  it('gives the reserve back exactly once on cancel', async () => {
    const before = await btcReserve();
    const ticket = (await createTicket(ctx, usdtToBtc('0.02'))).json();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => ctx.app.inject({ url: `/api/v1/Tickets/cancel/${ticket.id}` })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await btcReserve()).held).toBe(before.held);
    expect((await get(ticket.id)).json().status).toBe('deleted');
  });

  it('expires unpaid tickets when the window passes, once, saying why', async () => {
    const before = await btcReserve();
    const ticket = (await createTicket(ctx, usdtToBtc('0.02'))).json();
    await ctx.database.db
      .update(tickets)
      .set({ paymentDeadline: new Date(Date.now() - 1000) })
      .where(eq(tickets.id, ticket.id));
    const runs = await Promise.all([ctx.app.services.tickets.expireDue(), ctx.app.services.tickets.expireDue()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const expired = (await get(ticket.id)).json();
    expect(expired).toMatchObject({ status: 'deleted', reason: 'Истекло время оплаты', expired: true });
    expect((await get(ticket.id, { 'accept-language': 'en' })).json().reason).toBe('Payment time expired');
    expect((await btcReserve()).held).toBe(before.held);
  });

  it('lists a user’s own tickets, newest first, ten a page', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < 12; i += 1) await createTicket(ctx, usdtToBtc('0.01'), user.headers);
    const first = await ctx.app.inject({ url: '/api/v1/Tickets/', headers: user.headers });
    expect(first.json()).toMatchObject({ page: 1, perPage: 10, total: 12 });
    expect(first.json().items).toHaveLength(10);
    const second = await ctx.app.inject({ url: '/api/v1/Tickets/?page=2&perPage=10', headers: user.headers });
    expect(second.json().items).toHaveLength(2);
    expect((await ctx.app.inject({ url: '/api/v1/Tickets/' })).statusCode).toBe(401);
  });
});

describe('card check', () => {
  const upload = (ticketId: string, body: Buffer, filename = 'card.jpg') =>
    uploadCardPhoto(ctx, ticketId, body, { filename });
  const photo = cardPhoto;
  const colouredPhoto = (background: string) =>
    sharp({ create: { width: 64, height: 40, channels: 3, background } })
      .png()
      .toBuffer();

  it('asks for a card photo first, then verification, then payment', async () => {
    const ticket = (await createTicket(ctx, sberToBtc())).json();
    expect(ticket).toMatchObject({ status: 'card_check', payTo: null, cardCheck: { status: 'none' } });

    const res = await upload(ticket.id, await photo());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'pending', reason: null, ticketStatus: 'card_check' });
    const stored = await ctx.app.inject({ url: `/api/v1/CardCheck/image?ticketId=${ticket.id}` });
    expect(stored.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();

    await ctx.app.services.tickets.transition(ticket.id, 'approveCard', { actor: 'operator:test' });
    const status = await ctx.app.inject({ url: `/api/v1/CardCheck/checkstatusbyticket?ticketId=${ticket.id}` });
    expect(status.json()).toEqual({ status: 'approved', reason: null, ticketStatus: 'advance' });
    expect((await get(ticket.id)).json()).toMatchObject({ status: 'advance', payTo: expect.any(Array) });
  });

  it('skips the check of a verified card only for the account that verified it (issue 42)', async () => {
    const owner = await createUser(ctx);
    const ownersCard = (extra: Record<string, unknown> = {}) =>
      sberToBtc('10000', { email: `${owner.username}@example.com`, ...extra });
    const first = (await createTicket(ctx, ownersCard(), owner.headers)).json();
    expect(first.status).toBe('card_check');
    await upload(first.id, await photo());
    await ctx.app.services.tickets.transition(first.id, 'approveCard', { actor: 'operator:test' });

    expect((await createTicket(ctx, ownersCard(), owner.headers)).json().status).toBe('advance');
    const otherCard = ownersCard({
      requisites: {
        give: { cardNumber: OTHER_CARD, fullName: 'Иван Петров' },
        get: { walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      },
    });
    expect((await createTicket(ctx, otherCard, owner.headers)).json().status).toBe('card_check');
    // A stranger who types the owner's e-mail and card proves neither: the card is checked again.
    expect((await createTicket(ctx, ownersCard())).json().status).toBe('card_check');
  });

  it('checks the card of a stranger who types a verified visitor’s e-mail and card: visitor e-mails are not proven (issue 42)', async () => {
    const email = 'verified.visitor@example.com';
    const first = (await createTicket(ctx, sberToBtc('10000', { email }))).json();
    await upload(first.id, await photo());
    await ctx.app.services.tickets.transition(first.id, 'approveCard', { actor: 'operator:test' });
    const stranger = await createTicket(ctx, sberToBtc('10000', { email }), {}, '203.0.113.77');
    expect(stranger.json().status).toBe('card_check');
  });

  it('shows the reason of a rejected photo', async () => {
    const ticket = (await createTicket(ctx, sberToBtc('10000', { email: 'reject@example.com' }))).json();
    await upload(ticket.id, await photo());
    await ctx.app.services.tickets.transition(ticket.id, 'rejectCard', {
      actor: 'operator:test',
      note: 'Карта не видна целиком',
    });
    const status = await ctx.app.inject({ url: `/api/v1/CardCheck/checkstatusbyticket?ticketId=${ticket.id}` });
    expect(status.json()).toEqual({ status: 'rejected', reason: 'Карта не видна целиком', ticketStatus: 'deleted' });
  });

  it('keeps only the last of several photos sent at once, and no file beside it', async () => {
    const ticket = (await createTicket(ctx, sberToBtc('10000', { email: 'many-photos@example.com' }))).json();
    const folder = path.join(ctx.uploadsDir, 'card-checks');
    const before = new Set(existsSync(folder) ? readdirSync(folder) : []);
    const photos = await Promise.all(['#101010', '#202020', '#303030', '#404040', '#505050'].map(colouredPhoto));
    const sent = await Promise.all(photos.map((p) => upload(ticket.id, p)));
    expect(sent.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const added = readdirSync(folder).filter((name) => !before.has(name));
    const [check] = await ctx.database.db.select().from(cardChecks).where(eq(cardChecks.ticketId, ticket.id));
    expect(added).toEqual([check!.fileName]);
  });

  it('refuses what is no image, and what is too large, each with its own message', async () => {
    const ticket = (await createTicket(ctx, sberToBtc('10000', { email: 'uploads@example.com' }))).json();
    const text = await upload(ticket.id, Buffer.from('%PDF-1.7 not a photo at all'));
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      error: { code: 'upload_unsupported', message: 'Нужна фотография в формате JPEG, PNG или WebP' },
    });
    const huge = await upload(ticket.id, Buffer.alloc(50 * 1024 * 1024, 0xff));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: { code: 'upload_too_large', message: 'Файл больше 10 МБ' } });
    const none = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/CardCheck/uploadimage?ticketId=${ticket.id}`,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    const status = await ctx.app.inject({ url: `/api/v1/CardCheck/checkstatusbyticket?ticketId=${ticket.id}` });
    expect(status.json().status).toBe('none');
  });
});

describe('promo codes on tickets', () => {
  it('holds the code on creation and frees it when the ticket is cancelled', async () => {
    await ctx.database.db.insert(promoCodes).values({ code: 'HOLDME' });
    const ticket = (
      await createTicket(
        ctx,
        sberToBtc('10000', {
          promocode: 'HOLDME',
          requisites: {
            give: { cardNumber: '2202 2000 0000 0008', fullName: 'Иван Петров' },
            get: { walletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
          },
        }),
      )
    ).json();
    expect(ticket.promo?.code).toBe('HOLDME');
    // Anyone with the link sees the card as PCI DSS allows: bank digits and the last four.
    expect(ticket.requisites.give).toContainEqual(expect.objectContaining({ value: '2202 20•• •••• 0008' }));
    const held = (await ctx.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'HOLDME')))[0];
    expect(held).toMatchObject({ status: 'held', ticketId: ticket.id });
    // Held by an open ticket, the code says so (issue 34), not that it is invalid.
    const again = await createTicket(ctx, sberToBtc('10000', { promocode: 'HOLDME' }));
    expect(again.json()).toEqual({
      parameterErrors: [{ name: 'promocode', messages: ['Этот промокод уже использован'] }],
    });
    await ctx.app.inject({ url: `/api/v1/Tickets/cancel/${ticket.id}` });
    const freed = (await ctx.database.db.select().from(promoCodes).where(eq(promoCodes.code, 'HOLDME')))[0];
    expect(freed).toMatchObject({ status: 'active', ticketId: null });
  });
});
