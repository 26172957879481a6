import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/admin';
import { startFakeTelegram, type FakeTelegram } from '../../../test/fake-telegram';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { telegramOutbox } from '../../db/schema';

/** Telegram with its jobs running (issue 46): long polling, the send job, the webhook, two processes. */
const until = async (check: () => boolean, ms = 10_000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - start;
};
const startOf = (url: string) => new URL(url).searchParams.get('start')!;

describe('with the jobs running (long polling)', () => {
  let fake: FakeTelegram;
  let ctx: TestContext;
  beforeAll(async () => {
    fake = await startFakeTelegram();
    ctx = await createTestApp({
      startJobs: true,
      telegram: { apiUrl: fake.base, token: fake.token, username: fake.username },
      telegramTimings: { pollSeconds: 2 },
    });
  });
  afterAll(async () => {
    await ctx.close();
    fake.close();
  });

  it('a linked ticket receives a message for each transition within 10 s; an operator the alert of its payment', async () => {
    expect(fake.calls.some((c) => c.method === 'deleteWebhook')).toBe(true);
    const operator = await createUser(ctx, 'operator');
    const staffLink = (await call(ctx, 'POST', '/api/admin/telegram/link', operator.headers)).json<{ url: string }>();
    fake.start(501, startOf(staffLink.url));
    await until(() => fake.sentTo(501).length === 1);

    const ticket = (await createTicket(ctx, usdtToBtc())).json<{ id: string; number: number }>();
    const link = (await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/${ticket.id}/telegram` })).json<{
      url: string;
    }>();
    fake.start(502, startOf(link.url), 'en');
    await until(() => fake.sentTo(502).length === 1);

    await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/confirm/${ticket.id}` });
    const paid = await until(() => fake.sentTo(502).length === 2);
    await until(() => fake.sentTo(501).some((m) => m.text.startsWith(`Оплачена заявка № ${ticket.number}`)));
    await ctx.app.services.tickets.transition(ticket.id, 'freeze', { actor: 'operator:test' });
    const frozen = await until(() => fake.sentTo(502).length === 3);
    await ctx.app.services.tickets.transition(ticket.id, 'release', { actor: 'operator:test' });
    const released = await until(() => fake.sentTo(502).length === 4);
    await ctx.app.services.tickets.transition(ticket.id, 'complete', {
      actor: 'operator:test',
      payoutReference: 'a'.repeat(64),
    });
    const done = await until(() => fake.sentTo(502).length === 5);
    // Each within the send job's 2 s here (measured: 0.05–2.0 s).
    expect(Math.max(paid, frozen, released, done)).toBeLessThan(10_000);
    expect(
      fake
        .sentTo(502)
        .slice(1)
        .map((m) => m.text.split('\n')[0]),
    ).toEqual([
      `Заявка № ${ticket.number}: В обработке`,
      `Заявка № ${ticket.number}: Заморожена`,
      `Заявка № ${ticket.number}: В обработке`,
      `Заявка № ${ticket.number}: Выполнена`,
    ]);
    expect(fake.sentTo(502).at(-1)!.text).toContain('a'.repeat(64));
  });
});

describe('in webhook mode', () => {
  let fake: FakeTelegram;
  let ctx: TestContext;
  const secret = 'webhook-secret_0123456789';
  beforeAll(async () => {
    fake = await startFakeTelegram();
    ctx = await createTestApp({
      startJobs: true,
      telegram: { apiUrl: fake.base, token: fake.token, username: fake.username, webhookSecret: secret },
    });
  });
  afterAll(async () => {
    await ctx.close();
    fake.close();
  });

  const update = (chat: number, text: string) => ({
    update_id: 1,
    message: { message_id: 1, date: 0, chat: { id: chat, type: 'private' }, from: { id: chat }, text },
  });
  const post = (headers: Record<string, string>, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/telegram/webhook', headers, payload });

  it('tells Telegram where to post, with the secret, and does not poll', async () => {
    expect(fake.webhook).toEqual({ url: 'http://localhost:8080/api/telegram/webhook', secretToken: secret });
    expect(fake.calls.some((c) => c.method === 'getUpdates')).toBe(false);
  });

  it('takes an update only with the secret header', async () => {
    const ticket = (await createTicket(ctx, usdtToBtc())).json<{ id: string }>();
    const link = (await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/${ticket.id}/telegram` })).json<{
      url: string;
    }>();
    const start = update(601, `/start ${startOf(link.url)}`);
    expect((await post({}, start)).statusCode).toBe(401);
    expect((await post({ 'x-telegram-bot-api-secret-token': 'webhook-secret_0123456780' }, start)).statusCode).toBe(
      401,
    );
    expect((await post({ 'x-telegram-bot-api-secret-token': 'short' }, start)).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}/telegram` })).json()).toMatchObject({ chats: 0 });
    expect((await post({ 'x-telegram-bot-api-secret-token': secret }, start)).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/v1/Tickets/${ticket.id}/telegram` })).json()).toMatchObject({ chats: 1 });
    await until(() => fake.sentTo(601).length === 1);
  });
});

describe('two processes on one database', () => {
  it('deliver each queued message once', async () => {
    const fake = await startFakeTelegram();
    const options = { telegram: { apiUrl: fake.base, token: fake.token, username: fake.username } };
    const first = await createTestApp(options);
    const second = await createTestApp({ ...options, database: first.database });
    try {
      const texts = Array.from({ length: 60 }, (_, i) => `message ${i}`);
      await first.database.db
        .insert(telegramOutbox)
        .values(texts.map((text) => ({ chatId: '77', text, kind: 'test' })));
      await Promise.all([
        first.app.services.telegram.deliver(),
        second.app.services.telegram.deliver(),
        first.app.services.telegram.deliver(),
        second.app.services.telegram.deliver(),
      ]);
      expect(
        fake
          .sentTo(77)
          .map((m) => m.text)
          .sort(),
      ).toEqual([...texts].sort());
    } finally {
      await second.close();
      await first.close();
      fake.close();
    }
  });
});
