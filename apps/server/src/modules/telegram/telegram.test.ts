import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/admin';
import { startFakeTelegram, type FakeTelegram } from '../../../test/fake-telegram';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { telegramLinks, telegramLinkTokens, telegramOutbox, tickets } from '../../db/schema';

/** Telegram against a local Bot API (issue 46), driven by hand: `pollOnce` reads updates, `deliver` sends. */
let fake: FakeTelegram;
let ctx: TestContext;
let nextChat = 7_000_000_001;
beforeAll(async () => {
  fake = await startFakeTelegram();
  ctx = await createTestApp({
    telegram: { apiUrl: fake.base, token: fake.token, username: fake.username },
    telegramTimings: { pollSeconds: 0, retryBaseSeconds: 1, callTimeoutMs: 400 },
  });
});
afterAll(async () => {
  await ctx.close();
  fake.close();
});
afterEach(() => {
  fake.sent.length = 0;
});

const telegram = () => ctx.app.services.telegram;
const tokenOf = (url: string) => new URL(url).searchParams.get('start')!;
const db = () => ctx.database.db;

async function newTicket() {
  const res = await createTicket(ctx, usdtToBtc());
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string; number: number }>();
}

async function deepLink(ticketId: string) {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/${ticketId}/telegram` });
  expect(res.statusCode).toBe(200);
  const link = res.json<{ url: string; expiresAt: string }>();
  expect(link.url).toMatch(new RegExp(`^https://t\\.me/${fake.username}\\?start=[A-Za-z0-9_-]{32}$`));
  return tokenOf(link.url);
}

/** The user presses Start in a new chat; the bot reads it and answers. */
async function linkNewChat(token: string, languageCode?: string) {
  const chat = nextChat++;
  fake.start(chat, token, languageCode);
  await telegram().pollOnce();
  await telegram().deliver();
  return chat;
}

describe('a customer following a ticket in Telegram', () => {
  it('links the chat with /start <token>, in the ticket’s language, and says so on the ticket page', async () => {
    const ticket = await newTicket();
    expect((await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}/telegram` })).json()).toEqual({
      enabled: true,
      chats: 0,
    });
    const chat = await linkNewChat(await deepLink(ticket.id));
    expect(fake.sentTo(chat).map((m) => m.text)).toEqual([
      expect.stringContaining(`сюда будут приходить новости заявки № ${ticket.number}`),
    ]);
    expect((await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}/telegram` })).json()).toEqual({
      enabled: true,
      chats: 1,
    });
  });

  it('gets each status change, and the payout’s txid, as the mail words it', async () => {
    const ticket = await newTicket();
    const chat = await linkNewChat(await deepLink(ticket.id));
    fake.sent.length = 0;
    await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/confirm/${ticket.id}` });
    await ctx.app.services.tickets.transition(ticket.id, 'complete', {
      actor: 'operator:test',
      payoutReference: 'f'.repeat(64),
    });
    await telegram().deliver();
    const texts = fake.sentTo(chat).map((m) => m.text);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain(`Заявка № ${ticket.number}: `);
    expect(texts[1]).toContain('f'.repeat(64));
    const log = await call(
      ctx,
      'GET',
      `/api/admin/tickets/${ticket.id}/telegram`,
      (await createUser(ctx, 'operator')).headers,
    );
    expect(log.json()).toMatchObject({
      chats: 1,
      messages: [
        { kind: 'ticket_success', state: 'sent', attempts: 1 },
        { kind: 'ticket_new', state: 'sent' },
        { kind: 'reply', state: 'sent' },
      ],
    });
  });

  it('uses a token once, and not after it expired', async () => {
    const ticket = await newTicket();
    const token = await deepLink(ticket.id);
    await linkNewChat(token);
    const second = await linkNewChat(token, 'en');
    expect(fake.sentTo(second).map((m) => m.text)).toEqual([
      expect.stringContaining('This link has expired or was already used'),
    ]);

    const late = await deepLink(ticket.id);
    await db()
      .update(telegramLinkTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` });
    const third = await linkNewChat(late);
    expect(fake.sentTo(third).map((m) => m.text)).toEqual([expect.stringContaining('Ссылка устарела')]);
    expect((await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}/telegram` })).json()).toMatchObject({ chats: 1 });
  });

  it('stops with /stop: nothing more goes to that chat', async () => {
    const ticket = await newTicket();
    const chat = await linkNewChat(await deepLink(ticket.id));
    fake.stop(chat);
    await telegram().pollOnce();
    await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/confirm/${ticket.id}` });
    await telegram().deliver();
    expect(fake.sentTo(chat).map((m) => m.text)).toEqual([
      expect.stringContaining('сюда будут приходить'),
      expect.stringContaining('больше сюда ничего не придёт'),
    ]);
    expect(
      await db()
        .select()
        .from(telegramLinks)
        .where(eq(telegramLinks.chatId, String(chat))),
    ).toEqual([]);
  });

  it('unlinks a chat whose user blocked the bot (403), and drops what waited for it', async () => {
    const ticket = await newTicket();
    const chat = await linkNewChat(await deepLink(ticket.id));
    fake.block(chat);
    await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/confirm/${ticket.id}` });
    await telegram().deliver();
    expect(
      await db()
        .select()
        .from(telegramLinks)
        .where(eq(telegramLinks.chatId, String(chat))),
    ).toEqual([]);
    const [message] = await db()
      .select()
      .from(telegramOutbox)
      .where(and(eq(telegramOutbox.chatId, String(chat)), eq(telegramOutbox.kind, 'ticket_new')));
    expect(message).toMatchObject({
      state: 'dropped',
      lastError: expect.stringContaining('bot was blocked by the user'),
    });
  });

  it('refuses a deep link to someone who may not read the ticket', async () => {
    const owner = await createUser(ctx);
    const res = await createTicket(ctx, usdtToBtc(), owner.headers);
    const id = res.json<{ id: string }>().id;
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/${id}/telegram` })).statusCode).toBe(401);
    const stranger = await createUser(ctx);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/${id}/telegram`, headers: stranger.headers }))
        .statusCode,
    ).toBe(404);
  });
});

describe('delivery', () => {
  it('waits as long as a 429’s retry_after says, then sends', async () => {
    await db().delete(telegramOutbox);
    await db().insert(telegramOutbox).values({ chatId: '42', text: 'after the flood', kind: 'test' });
    fake.failNext('sendMessage', { kind: 'rate-limit', retryAfter: 2 });
    const refusedAt = Date.now();
    await telegram().deliver();
    expect(fake.sentTo(42)).toEqual([]);
    for (let i = 0; i < 60 && fake.sentTo(42).length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await telegram().deliver();
    }
    expect(fake.sentTo(42)).toHaveLength(1);
    expect(fake.sentTo(42)[0]!.at - refusedAt).toBeGreaterThanOrEqual(2000);
    // Flood control is not the message's fault: the one try that went through is all it counts.
    const [row] = await db().select().from(telegramOutbox).where(eq(telegramOutbox.chatId, '42'));
    expect(row).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('tries a timed-out message again after a backoff', async () => {
    await db().insert(telegramOutbox).values({ chatId: '43', text: 'slow line', kind: 'test' });
    fake.failNext('sendMessage', { kind: 'hang' });
    await telegram().deliver();
    const [first] = await db().select().from(telegramOutbox).where(eq(telegramOutbox.chatId, '43'));
    expect(first).toMatchObject({ state: 'pending', attempts: 1, lastError: expect.stringContaining('timed out') });
    await telegram().deliver();
    expect(fake.sentTo(43)).toEqual([]); // not yet: the backoff is a second
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await telegram().deliver();
    expect(fake.sentTo(43).map((m) => m.text)).toEqual(['slow line']);
  });
});

describe('operators’ alerts', () => {
  it('alerts a linked operator of a new paid ticket, unless an admin turned that kind off', async () => {
    const operator = await createUser(ctx, 'operator');
    const admin = await createUser(ctx, 'admin');
    const link = await call(ctx, 'POST', '/api/admin/telegram/link', operator.headers);
    expect(link.statusCode).toBe(200);
    const chat = await linkNewChat(tokenOf(link.json<{ url: string }>().url));
    expect(fake.sentTo(chat).map((m) => m.text)).toEqual([expect.stringContaining('оповещения консоли Obmen')]);
    expect((await call(ctx, 'GET', '/api/admin/telegram', operator.headers)).json()).toMatchObject({
      enabled: true,
      linked: true,
    });

    const ticket = await newTicket();
    await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/confirm/${ticket.id}` });
    await telegram().deliver();
    expect(fake.sentTo(chat).at(-1)!.text).toMatch(
      new RegExp(
        `^Оплачена заявка № ${ticket.number}: .+ USDTTRC20 → .+ BTC\\. .+\\nhttp://localhost:8080/admin/tickets/${ticket.id}$`,
        's',
      ),
    );

    const settings = (await call(ctx, 'GET', '/api/admin/telegram', admin.headers)).json<{
      settings: { kinds: object };
    }>().settings;
    expect((await call(ctx, 'PUT', '/api/admin/telegram/alerts', operator.headers, settings)).statusCode).toBe(403);
    const off = { ...settings, kinds: { ...settings.kinds, ticket_paid: false } };
    expect((await call(ctx, 'PUT', '/api/admin/telegram/alerts', admin.headers, off)).statusCode).toBe(200);
    const quiet = await newTicket();
    const before = fake.sentTo(chat).length;
    await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/confirm/${quiet.id}` });
    await telegram().deliver();
    expect(fake.sentTo(chat)).toHaveLength(before);
  });

  it('alerts once per occurrence of a condition the check finds (a reserve under its threshold)', async () => {
    const admin = await createUser(ctx, 'admin');
    const chat = await linkNewChat(
      tokenOf((await call(ctx, 'POST', '/api/admin/telegram/link', admin.headers)).json<{ url: string }>().url),
    );
    const current = (await call(ctx, 'GET', '/api/admin/telegram', admin.headers)).json<{ settings: object }>()
      .settings;
    await call(ctx, 'PUT', '/api/admin/telegram/alerts', admin.headers, {
      ...current,
      reserveBelow: { BTC: '1000000' },
    });
    expect(await telegram().checkAlerts()).toBeGreaterThanOrEqual(1);
    expect(await telegram().checkAlerts()).toBe(0);
    await telegram().deliver();
    expect(fake.sentTo(chat).filter((m) => m.text.startsWith('Резерв BTC:'))).toHaveLength(1);
    // Cleared, then back: a new occurrence alerts again.
    await call(ctx, 'PUT', '/api/admin/telegram/alerts', admin.headers, { ...current, reserveBelow: {} });
    await telegram().checkAlerts();
    await call(ctx, 'PUT', '/api/admin/telegram/alerts', admin.headers, {
      ...current,
      reserveBelow: { BTC: '1000000' },
    });
    expect(await telegram().checkAlerts()).toBe(1);
  });

  it('alerts of a chain source down and a stale price, each once', async () => {
    const admin = await createUser(ctx, 'admin');
    const chat = await linkNewChat(
      tokenOf((await call(ctx, 'POST', '/api/admin/telegram/link', admin.headers)).json<{ url: string }>().url),
    );
    await db().execute(sql`update currencies set watch_error = 'HTTP 503' where code = 'BTC'`);
    await db().execute(
      sql`update prices set max_age_seconds = 60, updated_at = now() - interval '1 hour' where currency_code = 'ETH'`,
    );
    await telegram().checkAlerts();
    await telegram().checkAlerts();
    await telegram().deliver();
    const texts = fake.sentTo(chat).map((m) => m.text);
    expect(texts.filter((t) => t === 'Источник сети BTC не отвечает: HTTP 503. Направления закрыты.')).toHaveLength(1);
    expect(texts.filter((t) => t.startsWith('Курс ETH устарел'))).toHaveLength(1);
    await db().execute(sql`update currencies set watch_error = null where code = 'BTC'`);
    await db().execute(sql`update prices set updated_at = now() where currency_code = 'ETH'`);
    await telegram().checkAlerts();
  });

  it('alerts of a ticket put on AML review with its deadline (issue 48)', async () => {
    const operator = await createUser(ctx, 'operator');
    const chat = await linkNewChat(
      tokenOf((await call(ctx, 'POST', '/api/admin/telegram/link', operator.headers)).json<{ url: string }>().url),
    );
    const ticket = await newTicket();
    const [row] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    const deadline = new Date('2030-01-02T03:04:00Z');
    await db().transaction((tx) =>
      telegram().statusChangedIn(
        tx,
        { ...row!, status: 'new' },
        { ...row!, status: 'on_review', reviewDeadline: deadline },
      ),
    );
    await telegram().deliver();
    expect(fake.sentTo(chat).at(-1)!.text).toBe(
      `Заявка № ${ticket.number} на AML-проверке: решите до 2030-01-02 03:04 UTC, иначе клиенту откроется возврат.\nhttp://localhost:8080/admin/tickets/${ticket.id}`,
    );
  });

  it('alerts once when a ticket’s wait turns red on the desk’s clock, in the console’s words for the wait', async () => {
    const operator = await createUser(ctx, 'operator');
    const chat = await linkNewChat(
      tokenOf((await call(ctx, 'POST', '/api/admin/telegram/link', operator.headers)).json<{ url: string }>().url),
    );
    const ticket = await newTicket();
    await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/confirm/${ticket.id}` });
    const [row] = await db().select({ status: tickets.status }).from(tickets).where(eq(tickets.id, ticket.id));
    const status = row!.status;
    // The clock runs from the ticket's entry into its status: move that entry 3 hours back, past every red line.
    await db().execute(
      sql`update ticket_history set created_at = now() - interval '3 hours' where ticket_id = ${ticket.id} and to_status = ${status}`,
    );
    await telegram().checkAlerts();
    await telegram().checkAlerts();
    await telegram().deliver();
    const red = fake.sentTo(chat).filter((m) => m.text.startsWith(`Заявка № ${ticket.number} ждёт`));
    expect(red.map((m) => m.text)).toEqual([
      `Заявка № ${ticket.number} ждёт 180 мин (оплачена, ждёт выплаты): срок вышел.\nhttp://localhost:8080/admin/tickets/${ticket.id}`,
    ]);
    await db().execute(sql`update tickets set status = 'success' where id = ${ticket.id}`);
    await telegram().checkAlerts();
  });
});
