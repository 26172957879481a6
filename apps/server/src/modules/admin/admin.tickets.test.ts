import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, call, consoleRoles } from '../../../test/admin';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { BTC_ADDRESS, cardPhoto, createTicket, sberToBtc, uploadCardPhoto, usdtToBtc } from '../../../test/tickets';
import { outbox, reserves, tickets } from '../../db/schema';
import { writeAudit } from './admin.repository';

let ctx: TestContext;
let roles: Awaited<ReturnType<typeof consoleRoles>>;
beforeAll(async () => {
  ctx = await createTestApp();
  roles = await consoleRoles(ctx);
});
afterAll(() => ctx.close());

const PAYOUT_TX = '7f3a9c4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b';
const unique = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const newTicket = async (email = unique('client'), payload: object = usdtToBtc('0.01', { email })) => {
  const res = await createTicket(ctx, { ...payload, email });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; number: number; status: string };
};
const paid = async (email?: string) => {
  const ticket = await newTicket(email);
  await ctx.app.inject({ url: `/api/v1/Tickets/confirm/${ticket.id}` });
  return ticket;
};
const act = (id: string, action: string, payload: unknown = {}, headers = roles.operator) =>
  call(ctx, 'POST', `/api/admin/tickets/${id}/${action}`, headers, payload);
const clientView = async (id: string) => (await ctx.app.inject({ url: `/api/v1/Tickets/${id}` })).json();
const mailKinds = async (email: string) =>
  (await ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, email))).map((m) => m.kind);
const held = async (code: string) =>
  (await ctx.database.db.select().from(reserves).where(eq(reserves.currencyCode, code)))[0]!.held;

describe('the queue', () => {
  it('puts paid tickets first, oldest first, and counts every status for the tabs', async () => {
    const unpaid = await newTicket();
    const first = await paid();
    const second = await paid();
    const res = await call(ctx, 'GET', '/api/admin/tickets', roles.operator);
    expect(res.statusCode).toBe(200);
    const ids = res.json().items.map((t: { id: string }) => t.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(unpaid.id));
    expect(res.json().counts).toMatchObject({ new: expect.any(Number), advance: expect.any(Number) });
    expect(res.json().counts.new).toBeGreaterThanOrEqual(2);
    const row = res.json().items.find((t: { id: string }) => t.id === first.id);
    expect(row).toMatchObject({
      status: 'new',
      give: { code: 'USDTTRC20', valute: 'USDT' },
      get: { code: 'BTC', valute: 'BTC', sum: '0.01000000' },
      cardCheck: 'none',
    });

    const onlyNew = await call(ctx, 'GET', '/api/admin/tickets?status=new', roles.operator);
    expect(onlyNew.json().items.every((t: { status: string }) => t.status === 'new')).toBe(true);
  });

  it('finds a ticket by its id, its number, the e-mail and a requisite typed with spaces', async () => {
    const email = unique('findme');
    const ticket = await newTicket(email);
    const search = async (q: string) =>
      (await call(ctx, 'GET', `/api/admin/tickets?status=all&q=${encodeURIComponent(q)}`, roles.operator))
        .json()
        .items.map((t: { id: string }) => t.id);
    expect(await search(ticket.id)).toEqual([ticket.id]);
    expect(await search(`#${ticket.number}`)).toEqual([ticket.id]);
    expect(await search(email.slice(0, 12))).toContain(ticket.id);
    const card = await newTicket(unique('card'), sberToBtc('10000'));
    expect(await search('2202 2000 0000 0008')).toContain(card.id);
    // The operator sees the card whole; its client only masked (tickets.routes.test.ts).
    const detail = (await call(ctx, 'GET', `/api/admin/tickets/${card.id}`, roles.operator)).json();
    expect(JSON.stringify(detail)).toContain('2202200000000008');
    expect(await search(BTC_ADDRESS)).toEqual(expect.arrayContaining([ticket.id, card.id]));
    expect(await search('no-such-thing%')).toEqual([]);
  });

  it('opens a ticket with its history, requisites, card check, the actions it allows and the mails sent', async () => {
    const email = unique('detail');
    const ticket = await paid(email);
    const res = await call(ctx, 'GET', `/api/admin/tickets/${ticket.id}`, roles.operator);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.ticket).toMatchObject({ id: ticket.id, status: 'new', email });
    expect(detail.ticket.requisites.get).toEqual([
      { name: 'walletAddress', label: expect.any(String), value: BTC_ADDRESS },
    ]);
    expect(detail.history.map((h: { to: string; actor: string }) => [h.to, h.actor])).toEqual([
      ['advance', 'client'],
      ['new', 'client'],
    ]);
    expect(detail.actions).toEqual(['complete', 'freeze', 'fail']);
    expect(detail.mails.map((m: { kind: string }) => m.kind)).toEqual(['ticket_new', 'ticket_advance']);
    expect((await call(ctx, 'GET', '/api/admin/tickets/zzzzzzzzzzzzzzzz', roles.operator)).statusCode).toBe(404);
  });
});

describe('ticket actions', () => {
  it('marks payment received, then completes with the payout reference: the client sees it and is mailed; audited', async () => {
    const email = unique('complete');
    const ticket = await newTicket(email);
    const marked = await act(ticket.id, 'markPaid');
    expect(marked.statusCode).toBe(200);
    expect(marked.json().ticket.status).toBe('new');
    expect((await clientView(ticket.id)).status).toBe('new');

    const missing = await act(ticket.id, 'complete', { payoutReference: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().parameterErrors).toEqual([
      { name: 'payoutReference', messages: ['Для выплаты в BTC укажите хеш транзакции выплаты'] },
    ]);
    const english = { ...roles.operator, 'accept-language': 'en' };
    const notAHash = await call(ctx, 'POST', `/api/admin/tickets/${ticket.id}/complete`, english, {
      payoutReference: 'txid-7f3a9c',
    });
    expect(notAHash.json().parameterErrors).toEqual([
      { name: 'payoutReference', messages: ['This is not a transaction hash of the BTC network'] },
    ]);
    expect((await clientView(ticket.id)).status).toBe('new');

    const heldBefore = await held('BTC');
    const done = await act(ticket.id, 'complete', { payoutReference: PAYOUT_TX });
    expect(done.statusCode).toBe(200);
    expect(done.json().ticket).toMatchObject({ status: 'success', payoutReference: PAYOUT_TX });
    expect(done.json().history.at(-1)).toMatchObject({ from: 'new', to: 'success', actor: roles.operatorName });
    expect(await clientView(ticket.id)).toMatchObject({ status: 'success', payoutReference: PAYOUT_TX });
    expect(await mailKinds(email)).toEqual(expect.arrayContaining(['ticket_new', 'ticket_success']));
    expect(Number(await held('BTC'))).toBeCloseTo(Number(heldBefore) - 0.01, 8);

    const [completed, markedPaid] = await auditOf(ctx, 'tickets', ticket.id);
    expect(completed).toMatchObject({
      actorName: roles.operatorName,
      action: 'complete',
      before: { status: 'new', payoutReference: null },
      after: { status: 'success', payoutReference: PAYOUT_TX },
    });
    expect(markedPaid).toMatchObject({ action: 'markPaid', before: { status: 'advance' }, after: { status: 'new' } });
  });

  it('freezes with a reason the client reads, releases, then fails with a reason and a refund note', async () => {
    const email = unique('freeze');
    const ticket = await paid(email);
    expect((await act(ticket.id, 'freeze', {})).json().parameterErrors[0].name).toBe('note');
    const frozen = await act(ticket.id, 'freeze', { note: 'Проверка AML: уточните источник средств' });
    expect(frozen.json().ticket).toMatchObject({ status: 'frozen', reason: 'Проверка AML: уточните источник средств' });
    expect(await clientView(ticket.id)).toMatchObject({
      status: 'frozen',
      reason: 'Проверка AML: уточните источник средств',
    });
    expect(frozen.json().actions).toEqual(['release', 'fail']);

    const released = await act(ticket.id, 'release');
    expect(released.json().ticket).toMatchObject({ status: 'new', reason: null });

    const noRefund = await act(ticket.id, 'fail', { note: 'Средства не поступили' });
    expect(noRefund.json().parameterErrors).toEqual([{ name: 'refundNote', messages: ['Это поле обязательно'] }]);
    const failed = await act(ticket.id, 'fail', {
      note: 'Средства не поступили',
      refundNote: 'Возврат не требуется: оплата не пришла',
    });
    expect(failed.json()).toMatchObject({
      ticket: { status: 'error', reason: 'Средства не поступили' },
      refundNote: 'Возврат не требуется: оплата не пришла',
      actions: [],
    });
    expect(await mailKinds(email)).toEqual(expect.arrayContaining(['ticket_frozen', 'ticket_new', 'ticket_error']));
    const actions = (await auditOf(ctx, 'tickets', ticket.id)).map((a) => a.action);
    expect(actions).toEqual(['fail', 'release', 'freeze']);
  });

  it('approves a card photo: the ticket moves to payment with its window; shows the photo to operators', async () => {
    const email = unique('cardok');
    const ticket = await newTicket(email, sberToBtc('10000', { email }));
    expect(ticket.status).toBe('card_check');
    const before = await call(ctx, 'GET', `/api/admin/tickets/${ticket.id}`, roles.operator);
    // Nothing to approve before the photo is there.
    expect(before.json().actions).toEqual(['rejectCard', 'cancel']);
    expect((await call(ctx, 'GET', `/api/admin/tickets/${ticket.id}/card-image`, roles.operator)).statusCode).toBe(404);

    expect((await uploadCardPhoto(ctx, ticket.id, await cardPhoto())).statusCode).toBe(200);
    const image = await call(ctx, 'GET', `/api/admin/tickets/${ticket.id}/card-image`, roles.operator);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toContain('no-store');

    const approved = await act(ticket.id, 'approveCard');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ ticket: { status: 'advance' }, cardCheck: { status: 'approved' } });
    const client = await clientView(ticket.id);
    expect(client.status).toBe('advance');
    expect(new Date(client.paymentDeadline).getTime()).toBeGreaterThan(Date.now() + 20 * 60_000);
    expect(await mailKinds(email)).toEqual(expect.arrayContaining(['ticket_card_check', 'ticket_advance']));
  });

  it('rejects a card photo with the reason the client sees; the reserve hold goes back', async () => {
    const email = unique('cardbad');
    const heldBefore = await held('BTC');
    const ticket = await newTicket(email, sberToBtc('10000', { email }));
    await uploadCardPhoto(ctx, ticket.id, await cardPhoto());
    expect((await act(ticket.id, 'rejectCard', { note: '' })).statusCode).toBe(400);
    const rejected = await act(ticket.id, 'rejectCard', { note: 'Номер карты не виден целиком' });
    expect(rejected.json()).toMatchObject({
      ticket: { status: 'deleted', reason: 'Номер карты не виден целиком' },
      cardCheck: { status: 'rejected', reason: 'Номер карты не виден целиком' },
    });
    const status = await ctx.app.inject({ url: `/api/v1/CardCheck/checkstatusbyticket?ticketId=${ticket.id}` });
    expect(status.json()).toMatchObject({ status: 'rejected', reason: 'Номер карты не виден целиком' });
    expect(await held('BTC')).toBe(heldBefore);
  });

  it('refuses an action the status does not allow, changing and auditing nothing', async () => {
    const ticket = await newTicket();
    const res = await act(ticket.id, 'complete', { payoutReference: 'x1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('wrong_status');
    expect((await clientView(ticket.id)).status).toBe('advance');
    expect(await auditOf(ctx, 'tickets', ticket.id)).toEqual([]);
    const [row] = await ctx.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.payoutReference).toBeNull();
  });

  it('keeps the ticket as it was when the audit record cannot be written (one transaction)', async () => {
    const ticket = await paid();
    // An operator whose account is gone between the request and the write: the audit's foreign key fails.
    const ghost = { id: '00000000-0000-4000-8000-000000000000', username: 'ghost' };
    await expect(
      ctx.app.services.tickets.transition(ticket.id, 'complete', {
        actor: `operator:${ghost.id}`,
        payoutReference: 'never',
        within: (tx) =>
          writeAudit(tx, {
            actorId: ghost.id,
            actorName: ghost.username,
            action: 'complete',
            resource: 'tickets',
            resourceId: ticket.id,
            before: null,
            after: null,
          }),
      }),
    ).rejects.toThrow();
    expect(await clientView(ticket.id)).toMatchObject({ status: 'new', payoutReference: null });
  });
});
