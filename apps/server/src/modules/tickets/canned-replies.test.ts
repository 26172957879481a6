import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '@obmen/shared';
import { auditOf, call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createTicket, usdtToBtc } from '../../../test/tickets';

// Canned replies (issue 46): admins write them in both languages; a ticket gets them in its customer's.

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  ctx = await createTestApp();
  roles = await consoleRoles(ctx);
});
afterAll(() => ctx.close());

const REPLY = {
  title: 'Checking the payment',
  textRu: 'Заявка № {number}: проверяем {amount} {currency}, ждёте {minutes} мин. Выплата {getAmount} {getCurrency}.',
  textEn: 'Ticket № {number}: checking {amount} {currency}, {minutes} min so far. Payout {getAmount} {getCurrency}.',
};

describe('canned replies', () => {
  it('are written by admins only, audited, and refuse a placeholder nobody can fill', async () => {
    expect((await call(ctx, 'POST', '/api/admin/canned-replies', roles.operator, REPLY)).statusCode).toBe(403);
    const created = await call(ctx, 'POST', '/api/admin/canned-replies', roles.admin, REPLY);
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    expect((await auditOf(ctx, 'canned-replies', id))[0]).toMatchObject({
      action: 'create',
      actorName: roles.adminName,
    });

    const bad = await call(
      ctx,
      'PUT',
      `/api/admin/canned-replies/${id}`,
      { ...roles.admin, 'accept-language': 'en' },
      { ...REPLY, textEn: 'Hello {name}, ticket {number}' },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().parameterErrors).toEqual([
      {
        name: 'textEn',
        messages: [
          'Unknown placeholder: a reply can use {number}, {amount}, {currency}, {getAmount}, {getCurrency} and {minutes}',
        ],
      },
    ]);
    const edited = await call(ctx, 'PUT', `/api/admin/canned-replies/${id}`, roles.admin, {
      ...REPLY,
      title: 'Payment check',
    });
    expect(edited.json().title).toBe('Payment check');
    // Operators read them, to offer them.
    const listed = (await call(ctx, 'GET', '/api/admin/canned-replies', roles.operator)).json();
    expect(listed.map((r: { id: string }) => r.id)).toContain(id);

    expect((await call(ctx, 'DELETE', `/api/admin/canned-replies/${id}`, roles.operator)).statusCode).toBe(403);
    expect((await call(ctx, 'DELETE', `/api/admin/canned-replies/${id}`, roles.admin)).statusCode).toBe(204);
    expect((await call(ctx, 'DELETE', `/api/admin/canned-replies/${id}`, roles.admin)).statusCode).toBe(404);
  });

  it("fill a ticket's values in its customer's language, whatever the console's", async () => {
    const { id } = (await call(ctx, 'POST', '/api/admin/canned-replies', roles.admin, REPLY)).json();
    const ticketIn = async (lang: 'ru' | 'en') => {
      const res = await createTicket(ctx, usdtToBtc('0.01', { email: `replies.${lang}.${Date.now()}@example.com` }), {
        'accept-language': lang,
      });
      const ticket = res.json() as { id: string; number: number; give: { sum: string } };
      return { ...ticket, giveSum: ticket.give.sum };
    };
    const rendered = async (ticketId: string) =>
      (
        await call(ctx, 'GET', `/api/admin/tickets/${ticketId}/canned-replies`, {
          ...roles.operator,
          'accept-language': 'en',
        })
      )
        .json()
        .find((r: { id: string }) => r.id === id);

    const ru = await ticketIn('ru');
    expect(await rendered(ru.id)).toEqual({
      id,
      title: REPLY.title,
      lang: 'ru',
      text: `Заявка № ${ru.number}: проверяем ${formatAmount(ru.giveSum, 'ru')} USDT, ждёте 0 мин. Выплата 0,01000000 BTC.`,
    });
    const en = await ticketIn('en');
    expect((await rendered(en.id)).text).toBe(
      `Ticket № ${en.number}: checking ${formatAmount(en.giveSum, 'en')} USDT, 0 min so far. Payout 0.01000000 BTC.`,
    );
  });
});
