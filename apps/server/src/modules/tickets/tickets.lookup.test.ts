import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';
import { createUser } from '../../../test/users';
import { outbox } from '../../db/schema';

/**
 * Issue 42: "Find a ticket" never hands out a ticket's id (the key to a visitor's ticket); it mails
 * the link to the e-mail on the ticket, and is limited per address, per e-mail and per number.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;
const find = (number: unknown, email: string, remoteAddress = freshAddress(), lang = 'ru') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/Tickets/find?lang=${lang}`,
    payload: { number, email },
    remoteAddress,
  });
const mailsTo = (to: string, kind = 'ticket_link') =>
  ctx.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.kind, kind)));
const idInLink = (text: string) => /\/ticket\/([\w-]+)/.exec(text)?.[1];

describe('finding a ticket', () => {
  it('gives a stranger who knows the number and e-mail no key to the ticket; its owner gets the link by mail', async () => {
    const ticket = (await createTicket(ctx, usdtToBtc('0.01', { email: 'Finder@Example.com' }))).json();
    const right = [
      await find(String(ticket.number), 'finder@example.COM'),
      await find(`№ ${ticket.number}`, 'finder@example.com'),
    ];
    const wrongEmail = await find(String(ticket.number), 'someone@example.com');
    const unknown = await find('999999999', 'finder@example.com');
    for (const answer of [...right, wrongEmail, unknown]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ sent: true });
      expect(answer.body).not.toContain(ticket.id);
      expect(JSON.stringify(answer.headers)).not.toContain(ticket.id);
    }

    const mails = await mailsTo('Finder@Example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe(`Obmen: ссылка на заявку № ${ticket.number}`);
    expect(mails[0]!.text).toContain(`http://localhost:8080/ru/ticket/${ticket.id}\n`);
    expect(await mailsTo('someone@example.com')).toHaveLength(0);
    // The mailed link opens the ticket, as the creation mail's link does.
    const [created] = await mailsTo('Finder@Example.com', 'ticket_advance');
    expect(idInLink(created!.text)).toBe(ticket.id);
    const opened = await ctx.app.inject({ url: `/api/v1/Tickets/${idInLink(mails[0]!.text)}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().number).toBe(ticket.number);

    const bad = await find('12a', 'nope', freshAddress(), 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().parameterErrors).toEqual([
      { name: 'number', messages: ['A ticket number is digits, such as 100123'] },
      { name: 'email', messages: ['Invalid email format'] },
    ]);
  });

  it('mails in the ticket’s language, and tells the owner of an account’s ticket to sign in', async () => {
    const english = (
      await createTicket(ctx, usdtToBtc('0.01', { email: 'english@example.com' }), { 'accept-language': 'en' })
    ).json();
    expect((await find(String(english.number), 'english@example.com')).statusCode).toBe(200);
    const [mail] = await mailsTo('english@example.com');
    expect(mail!.subject).toBe(`Obmen: the link to ticket No. ${english.number}`);
    expect(mail!.text).toContain(`/en/ticket/${english.id}`);
    expect(mail!.text).not.toContain('sign in');

    const user = await createUser(ctx);
    const mine = (
      await createTicket(ctx, usdtToBtc('0.01', { email: 'account-owner@example.com' }), user.headers)
    ).json();
    expect((await find(String(mine.number), 'account-owner@example.com')).json()).toEqual({ sent: true });
    const [signIn] = await mailsTo('account-owner@example.com');
    expect(signIn!.text).toContain('Заявка создана в аккаунте: чтобы её открыть, войдите в него.');
  });

  it('lets one address ask ten times in 15 minutes, then answers 429 without the ticket', async () => {
    const ticket = (await createTicket(ctx, usdtToBtc('0.01', { email: 'one-address@example.com' }))).json();
    const address = freshAddress();
    // Other numbers and e-mails each time: only the address's own limit is reached.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => find(String(900000 + i), `one-address-${i}@example.com`, address)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(10).fill(200), 429, 429]);
    const refused = await find(String(ticket.number), 'one-address@example.com', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).not.toContain(ticket.id);
    expect(await mailsTo('one-address@example.com')).toHaveLength(0);
    expect((await find('999999', 'one-address@example.com')).statusCode).toBe(200);
  });

  it('lets many addresses together ask five times an hour per e-mail and per number, and mail one ticket three times a day', async () => {
    // One inbox however it is written: `+tags` and case do not make new e-mails.
    const perEmail = await Promise.all(
      ['box', 'box+1', 'Box+2', 'box+3', 'BOX', 'box+6'].map((name, i) =>
        find(String(800000 + i), `${name}@example.com`),
      ),
    );
    expect(perEmail.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429]);

    const ticket = (await createTicket(ctx, usdtToBtc('0.01', { email: 'hammered@example.com' }))).json();
    const perNumber = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        find(String(ticket.number), i < 5 ? 'hammered@example.com' : 'x@example.com'),
      ),
    );
    expect(perNumber.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429]);
    for (const answer of perNumber) expect(answer.body).not.toContain(ticket.id);
    // At least four of the owner's five asks were answered; three of them were mailed.
    expect(await mailsTo('hammered@example.com')).toHaveLength(3);
  });
});
