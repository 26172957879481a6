import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { outbox, tickets, users } from '../../db/schema';

/** Issue 46: the thread on a ticket — the customer writes on its page, operators answer in the console. */
let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  ctx = await createTestApp();
  roles = await consoleRoles(ctx);
  // The admin reads the console in English: their mail says so.
  await ctx.database.db.update(users).set({ lang: 'en' }).where(eq(users.username, roles.adminName));
});
afterAll(() => ctx.close());

let nextAddress = 1;
const freshAddress = () => `203.0.113.${nextAddress++}`;
const write = (
  id: string,
  body: unknown,
  opts: { headers?: Record<string, string>; address?: string; lang?: string } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/Tickets/${id}/messages?lang=${opts.lang ?? 'ru'}`,
    payload: { body },
    headers: opts.headers ?? {},
    remoteAddress: opts.address ?? freshAddress(),
  });
const read = (id: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ url: `/api/v1/Tickets/${id}/messages`, headers });
const mailsOf = (to: string, kind: string) =>
  ctx.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.kind, kind)));
const emailOf = async (username: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.username, username)))[0]!.email;
const queue = async (status = 'open') =>
  (await call(ctx, 'GET', `/api/admin/tickets?status=${status}&perPage=100`, roles.operator)).json();

async function visitorTicket(email: string, lang: 'ru' | 'en' = 'ru') {
  const res = await createTicket(ctx, usdtToBtc('0.01', { email }), { 'accept-language': lang });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; number: number };
}

describe('the thread on a ticket', () => {
  it('carries the customer’s message to the console and the operators’ inboxes, and the answer back to the page and the customer’s inbox', async () => {
    const ticket = await visitorTicket('thread.en@example.com', 'en');
    const text = 'Hello! I sent 25 USDT\nfrom Binance <b>bold?</b>';
    const posted = await write(ticket.id, `  ${text}  `, { lang: 'en' });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toMatchObject({
      items: [{ author: 'customer', operator: null, body: text, readAt: null }],
      open: true,
      closesAt: null,
      maxLength: 2000,
    });

    // Every operator and admin hears of it, each in their own language, the text as text.
    const [toOperator] = await mailsOf(await emailOf(roles.operatorName), 'ticket_message_staff');
    expect(toOperator!.subject).toBe(`Obmen: сообщение по заявке № ${ticket.number}`);
    expect(toOperator!.text).toContain(text);
    expect(toOperator!.text).toContain(`http://localhost:8080/admin/tickets/${ticket.id}`);
    expect(toOperator!.html).toContain('&lt;b&gt;bold?&lt;/b&gt;');
    expect(toOperator!.html).not.toContain('<b>bold');
    const [toAdmin] = await mailsOf(await emailOf(roles.adminName), 'ticket_message_staff');
    expect(toAdmin!.subject).toBe(`Obmen: a message on ticket No. ${ticket.number}`);

    // The console: the ticket is among the unread threads, with its count, until someone answers.
    const unread = await queue('unread');
    expect(unread.items.map((t: { id: string }) => t.id)).toContain(ticket.id);
    expect(unread.unreadThreads).toBeGreaterThanOrEqual(1);
    const row = (await queue()).items.find((t: { id: string }) => t.id === ticket.id);
    expect(row.unreadMessages).toBe(1);
    const inConsole = await call(ctx, 'GET', `/api/admin/tickets/${ticket.id}/messages`, roles.operator);
    expect(inConsole.json().items).toEqual([expect.objectContaining({ author: 'customer', body: text })]);

    const answered = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/messages`, roles.operator, {
      body: 'We see it: the payout goes out within 10 minutes.',
    });
    expect(answered.statusCode).toBe(200);
    const [asked, answer] = answered.json().items;
    expect(asked.readAt).not.toBeNull();
    expect(answer).toMatchObject({ author: 'operator', operator: roles.operatorName, readAt: null });
    expect((await queue('unread')).items.map((t: { id: string }) => t.id)).not.toContain(ticket.id);

    // The customer is mailed in the ticket's language, with the ticket's link.
    const [mailed] = await mailsOf('thread.en@example.com', 'ticket_message');
    expect(mailed!.lang).toBe('en');
    expect(mailed!.subject).toBe(`Obmen: an answer on ticket No. ${ticket.number}`);
    expect(mailed!.text).toContain('We see it: the payout goes out within 10 minutes.');
    expect(mailed!.text).toContain(`http://localhost:8080/en/ticket/${ticket.id}`);

    // The page shows the answer without the operator's name; reading it marks it read for the console.
    const page = await read(ticket.id);
    expect(page.json().items[1]).toMatchObject({ author: 'operator', operator: null, body: answer.body });
    const seen = await call(ctx, 'GET', `/api/admin/tickets/${ticket.id}/messages`, roles.operator);
    expect(seen.json().items[1].readAt).not.toBeNull();

    // Both messages are in the audit: who wrote on which ticket, not the text.
    const audit = await auditOf(ctx, 'tickets', ticket.id);
    expect(audit.filter((a) => a.action === 'message').map((a) => [a.actorName, a.after])).toEqual(
      expect.arrayContaining([
        ['client', expect.objectContaining({ author: 'customer', length: text.length })],
        [roles.operatorName, expect.objectContaining({ author: 'operator' })],
      ]),
    );
  });

  it('mails a Russian ticket’s customer in Russian, and lets an operator mark a thread read without answering', async () => {
    const ticket = await visitorTicket('thread.ru@example.com');
    await write(ticket.id, 'Где мои деньги?');
    expect((await queue()).items.find((t: { id: string }) => t.id === ticket.id).unreadMessages).toBe(1);
    const marked = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/messages/read`, roles.admin);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().items[0].readAt).not.toBeNull();
    expect((await queue()).items.find((t: { id: string }) => t.id === ticket.id).unreadMessages).toBe(0);
    expect(await mailsOf('thread.ru@example.com', 'ticket_message')).toHaveLength(0);

    await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/messages`, roles.operator, {
      body: 'Выплата отправлена.',
    });
    const [mailed] = await mailsOf('thread.ru@example.com', 'ticket_message');
    expect(mailed!.subject).toBe(`Obmen: ответ по заявке № ${ticket.number}`);
    expect(mailed!.text).toContain('Оператор ответил по заявке');
  });

  it('opens a user’s thread to that user only, and a visitor’s to whoever has its link', async () => {
    const owner = await createUser(ctx);
    const stranger = await createUser(ctx);
    const res = await createTicket(ctx, usdtToBtc('0.01', { email: 'owner.thread@example.com' }), owner.headers);
    const ticket = res.json() as { id: string };
    expect((await write(ticket.id, 'hi', { headers: owner.headers })).statusCode).toBe(200);
    expect((await read(ticket.id, owner.headers)).json().items).toHaveLength(1);
    const other = await write(ticket.id, 'hi', { headers: stranger.headers, lang: 'en' });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('Ticket not found');
    expect((await read(ticket.id, stranger.headers)).statusCode).toBe(404);
    expect((await read(ticket.id)).statusCode).toBe(401);
    expect((await write('no-such-ticket-id', 'hi')).statusCode).toBe(404);
    expect((await call(ctx, 'GET', '/api/admin/tickets/no-such-ticket-id/messages', roles.operator)).statusCode).toBe(
      404,
    );

    const visitors = await visitorTicket('visitor.thread@example.com');
    expect((await write(visitors.id, 'by the link', { headers: stranger.headers })).statusCode).toBe(200);
    expect((await read(visitors.id)).json().items[0].body).toBe('by the link');
  });

  it('takes text only within its length, and says what is wrong in the customer’s language', async () => {
    const ticket = await visitorTicket('length.thread@example.com');
    const long = await write(ticket.id, 'я'.repeat(2001), { lang: 'en' });
    expect(long.statusCode).toBe(400);
    expect(long.json().parameterErrors).toEqual([{ name: 'body', messages: ['At most 2000 characters'] }]);
    const empty = await write(ticket.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().parameterErrors).toEqual([{ name: 'body', messages: ['Это поле обязательно'] }]);
    expect((await write(ticket.id, { html: '<b>' })).statusCode).toBe(400);
    expect((await write(ticket.id, 'я'.repeat(2000))).statusCode).toBe(200);
    const operatorLong = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/messages`, roles.operator, {
      body: 'x'.repeat(2001),
    });
    expect(operatorLong.statusCode).toBe(400);
  });

  it('limits messages per ticket and per address, and says when to try again', async () => {
    const ticket = await visitorTicket('flood.thread@example.com');
    for (let i = 0; i < 10; i += 1) expect((await write(ticket.id, `message ${i}`)).statusCode).toBe(200);
    const refused = await write(ticket.id, 'one more', { lang: 'en' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many messages\. Try again in \d+ min\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await read(ticket.id)).json().items).toHaveLength(10);

    const address = '198.18.0.7';
    const others = await Promise.all([1, 2, 3, 4].map((n) => visitorTicket(`flood${n}.thread@example.com`)));
    let sent = 0;
    for (const other of others) {
      for (let i = 0; i < 8; i += 1) {
        const res = await write(other.id, `from one address ${i}`, { address });
        if (res.statusCode === 200) sent += 1;
        else expect(res.statusCode).toBe(429);
      }
    }
    expect(sent).toBe(30);
  });

  it('takes the customer’s messages for 30 days after the ticket finished, and the operator’s after that too', async () => {
    const ticket = await visitorTicket('finished.thread@example.com');
    const cancelled = await ctx.app.inject({ method: 'POST', url: `/api/v1/Tickets/cancel/${ticket.id}` });
    expect(cancelled.json().status).toBe('deleted');
    const after = await write(ticket.id, 'I paid after cancelling, what now?');
    expect(after.statusCode).toBe(200);
    expect(after.json().open).toBe(true);
    expect(after.json().closesAt).not.toBeNull();

    const longAgo = new Date(Date.now() - 31 * 86_400_000);
    await ctx.database.db.update(tickets).set({ finishedAt: longAgo }).where(eq(tickets.id, ticket.id));
    const closed = await write(ticket.id, 'still there?', { lang: 'en' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toEqual({
      code: 'messages_closed',
      message:
        'The ticket finished more than 30 days ago, and its messages are closed. Write to support: see the Contacts page',
    });
    expect((await read(ticket.id)).json()).toMatchObject({ open: false });
    const answer = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/messages`, roles.operator, {
      body: 'We found your payment.',
    });
    expect(answer.statusCode).toBe(200);
  });
});
