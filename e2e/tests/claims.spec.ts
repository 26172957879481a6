import { expect, test, type APIRequestContext } from '@playwright/test';
import { PASSWORD } from '../support/accounts';
import { registerUser } from '../support/accounts-api';
import { coinTicket, createTicket, openConsole, operatorToken, uniqueEmail } from '../support/console';
import { staffSession } from '../support/own-server';

// Issue 46, "done when": two operators; the second one's "complete" fails with a clear message
// until they take the ticket over from the first.

const PAYOUT_HASH = '9b1e4faab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b4f';

/** A second operator: signs up, the admin makes them an operator, they turn two-factor on. */
async function secondOperator(request: APIRequestContext, adminToken: string) {
  const user = await registerUser(request, 'claims');
  const admin = { authorization: `Bearer ${adminToken}` };
  const found = await request.get('/api/admin/users', { headers: admin, params: { q: user.username } });
  const { items } = (await found.json()) as { items: { id: string; username: string }[] };
  const promoted = await request.patch(`/api/admin/users/${items.find((u) => u.username === user.username)!.id}`, {
    headers: admin,
    data: { role: 'operator' },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  return { username: user.username, token: await staffSession(request, user.username, PASSWORD) };
}

for (const lang of ['ru', 'en'] as const) {
  test(`a ticket another operator holds is completed only after taking it over (${lang})`, async ({
    page,
    request,
  }) => {
    const first = await operatorToken(request);
    const second = await secondOperator(request, first);
    const ticket = await createTicket(request, coinTicket(uniqueEmail('claims')));
    expect((await request.get(`/api/v1/Tickets/confirm/${ticket.id}`)).status()).toBe(200);
    // The first operator takes it.
    const taken = await request.post(`/api/admin/tickets/${ticket.id}/claim`, {
      headers: { authorization: `Bearer ${first}` },
      data: {},
    });
    expect(taken.status(), await taken.text()).toBe(200);
    const holder = ((await taken.json()) as { claim: { operator: string } }).claim.operator;

    const say = {
      ru: {
        held: `У оператора ${holder}`,
        complete: 'Выполнить',
        row: `№ ${ticket.number}`,
        title: `Выполнить заявку № ${ticket.number}`,
        reference: 'Номер перевода или хеш транзакции',
        refused: `С этой заявкой работает оператор ${holder}. Чтобы действовать, заберите её себе.`,
        cancel: 'Отмена',
        takeOver: 'Забрать себе',
        takenOver: `Вы забрали заявку № ${ticket.number} у оператора ${holder}`,
        mine: 'Заявка у вас',
        done: `Заявка № ${ticket.number} выполнена`,
      },
      en: {
        held: `Held by ${holder}`,
        complete: 'Complete',
        row: `No. ${ticket.number}`,
        title: `Complete ticket No. ${ticket.number}`,
        reference: 'Transfer number or transaction hash',
        refused: `Operator ${holder} is working on this ticket. Take it over to act on it.`,
        cancel: 'Cancel',
        takeOver: 'Take over',
        takenOver: `You took ticket No. ${ticket.number} over from ${holder}`,
        mine: 'You hold it',
        done: `Ticket No. ${ticket.number} is done`,
      },
    }[lang];

    // The second operator sees who holds it, in the queue and on the panel.
    await openConsole(page, `/admin/tickets/${ticket.id}?status=new`, second.token, lang);
    const row = page.getByTestId('ticket-queue').getByRole('row').filter({ hasText: say.row });
    await expect(row.getByTestId('claim-badge')).toHaveText(say.held);
    await expect(row.getByTestId('wait-badge')).toBeVisible();
    const panel = page.getByTestId('ticket-panel');
    await expect(panel.getByTestId('claim-bar').getByTestId('claim-badge')).toHaveText(say.held);

    // Their "complete" is refused, saying who holds the ticket and what to do.
    await panel.getByRole('button', { name: say.complete, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: say.title });
    await dialog.getByLabel(say.reference).fill(PAYOUT_HASH);
    await dialog.getByRole('button', { name: say.complete, exact: true }).click();
    await expect(dialog.getByText(say.refused)).toBeVisible();
    await dialog.getByRole('button', { name: say.cancel }).click();
    expect(((await (await request.get(`/api/v1/Tickets/${ticket.id}`)).json()) as { status: string }).status).toBe(
      'new',
    );

    // One click takes it over; then "complete" goes through.
    await panel.getByRole('button', { name: say.takeOver }).click();
    await expect(page.getByTestId('notification-success')).toContainText(say.takenOver);
    await expect(panel.getByTestId('claim-bar').getByTestId('claim-badge')).toHaveText(say.mine);
    await panel.getByRole('button', { name: say.complete, exact: true }).click();
    await dialog.getByLabel(say.reference).fill(PAYOUT_HASH);
    await dialog.getByRole('button', { name: say.complete, exact: true }).click();
    await expect(page.getByTestId('notification-success').last()).toContainText(say.done);
    expect(((await (await request.get(`/api/v1/Tickets/${ticket.id}`)).json()) as { status: string }).status).toBe(
      'success',
    );
  });
}
