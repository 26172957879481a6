import { expect, test } from '@playwright/test';
import { openConsole } from '../support/console';
import { BTC_ADDRESS, coinTicket, operatorActs, operatorToken } from '../support/tickets';

const TRON_ADDRESS = 'TDUaVeMo8UTNmoMCuN7ydNBamXTzgddv2H';
const REFUND_TX = 'cd'.repeat(32);
const EXCESS_TX = 'ef'.repeat(32);

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: a short payment the operator entered puts the choice on the ticket page; a refund to a good address ends in "refund pending"`, async ({
    page,
    request,
  }, testInfo) => {
    const ticket = await coinTicket(request, { lang });
    await operatorActs(request, ticket.id, 'payment', { amount: '1', reference: `e2e-${ticket.number}` });

    await page.goto(`/${lang}/ticket/${ticket.id}`);
    const problem = page.getByTestId('payment-problem');
    await expect(problem).toContainText(
      lang === 'ru' ? 'Получено меньше суммы заявки' : 'Less than the ticket amount was received',
    );
    await expect(page.getByTestId('incoming-payments')).toContainText(`e2e-${ticket.number}`);
    // Within the window the rest can still be paid at the ticket's rate (issue 45), its time counting down.
    await expect(problem.getByRole('heading', { level: 3 })).toHaveText(
      lang === 'ru'
        ? ['Доплатить остаток', 'Продолжить по текущему курсу', 'Вернуть средства']
        : ['Pay the rest', 'Continue at the current rate', 'Get a refund'],
    );
    await expect(page.getByTestId('pay-rest-left')).toHaveText(
      lang === 'ru' ? /^Осталось \d\d:\d\d\.$/ : /^\d\d:\d\d left\.$/,
    );
    await page.screenshot({ path: testInfo.outputPath(`payment-problem-${lang}.png`), fullPage: true });

    // One US dollar is under the direction's minimum: continuing is refused, and says why.
    await problem.getByRole('button', { name: lang === 'ru' ? 'Показать расчёт' : 'Show the offer' }).click();
    await expect(problem).toContainText(lang === 'ru' ? 'Меньше минимальной суммы' : 'Less than the minimum amount');

    const address = problem.getByLabel(lang === 'ru' ? 'Адрес для возврата' : 'Refund address');
    await address.fill('not-an-address');
    await problem.getByRole('button', { name: lang === 'ru' ? 'Запросить возврат' : 'Ask for a refund' }).click();
    await expect(problem).toContainText(
      lang === 'ru' ? 'Адрес не подходит для USDT' : 'This is not a valid USDT address',
    );
    await address.fill(TRON_ADDRESS);
    await problem.getByRole('button', { name: lang === 'ru' ? 'Запросить возврат' : 'Ask for a refund' }).click();
    await expect(page.getByTestId('refund-status')).toContainText(TRON_ADDRESS);
  });
}

/** 1.2 times a two-decimal sum, to the cent: what an overpaying client sent. */
const timesOnePointTwo = (sum: string) => {
  const cents = (BigInt(sum.replace('.', '')) * 12n) / 10n;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
};

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: an overpayment offers the ticket's own sums with the excess back, figures first; the excess is then owed, and sent with its transaction`, async ({
    page,
    request,
  }, testInfo) => {
    const ticket = await coinTicket(request, {
      lang,
      requisites: { give: { refundAddress: TRON_ADDRESS }, get: { walletAddress: BTC_ADDRESS } },
    });
    const { give } = (await (await request.get(`/api/v1/Tickets/${ticket.id}`)).json()) as { give: { sum: string } };
    await operatorActs(request, ticket.id, 'payment', {
      amount: timesOnePointTwo(give.sum),
      reference: `e2e-over-${ticket.number}`,
    });

    await page.goto(`/${lang}/ticket/${ticket.id}`);
    const problem = page.getByTestId('payment-problem');
    await expect(problem.getByRole('heading', { level: 3 })).toHaveText(
      lang === 'ru'
        ? ['Обмен по курсу заявки, излишек — обратно', 'Продолжить по текущему курсу', 'Вернуть средства']
        : ['The exchange at the ticket’s rate, the excess back', 'Continue at the current rate', 'Get a refund'],
    );
    // The demo's USDT TRC20 refund fee, stated before the client chooses.
    await expect(page.getByTestId('refund-excess-figures')).toContainText(
      lang === 'ru' ? 'комиссии сети 3,00 USDT' : 'network fee of 3.00 USDT',
    );
    await problem.getByRole('button', { name: lang === 'ru' ? 'Показать расчёт' : 'Show the offer' }).click();
    const offer = page.getByTestId('continue-offer');
    await expect(offer).toContainText(lang === 'ru' ? '— фиксированный.' : ', fixed.');
    await expect(offer).toContainText(lang === 'ru' ? 'хуже плавающего курса' : 'worse than today’s floating rate');
    await expect(page.getByTestId('continue-valid')).toHaveText(
      lang === 'ru' ? /^Расчёт действует ещё \d+ с\.$/ : /^The offer holds for \d+ s more\.$/,
    );
    await page.screenshot({ path: testInfo.outputPath(`payment-excess-choices-${lang}.png`), fullPage: true });

    await page
      .getByTestId('choice-refund-excess')
      .getByRole('button', { name: lang === 'ru' ? 'Продолжить и вернуть излишек' : 'Go on and refund the excess' })
      .click();
    await expect(page.getByTestId('excess-refund')).toContainText(TRON_ADDRESS);
    // The money is in: the next step is the payout, not a payment on its way.
    await expect(page.getByTestId('payment-received')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`payment-excess-owed-${lang}.png`), fullPage: true });

    await operatorActs(request, ticket.id, 'excess-refund', { refundTxid: REFUND_TX });
    await page.reload();
    await expect(page.getByTestId('excess-refund').getByRole('link', { name: new RegExp(REFUND_TX) })).toHaveAttribute(
      'href',
      `https://tronscan.org/#/transaction/${REFUND_TX}`,
    );
  });
}

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: a short transfer the operator entered in the window: the client pays the rest at the ticket's rate`, async ({
    page,
    request,
  }, testInfo) => {
    const ticket = await coinTicket(request, { lang });
    const { give } = (await (await request.get(`/api/v1/Tickets/${ticket.id}`)).json()) as { give: { sum: string } };
    const rest = '100.00';
    const first = (BigInt(give.sum.replace('.', '')) - 10_000n).toString();
    await operatorActs(request, ticket.id, 'payment', {
      amount: `${first.slice(0, -2)}.${first.slice(-2)}`,
      reference: `e2e-part-${ticket.number}`,
    });
    await page.goto(`/${lang}/ticket/${ticket.id}`);
    await page
      .getByTestId('choice-pay-rest')
      .getByRole('button', { name: lang === 'ru' ? 'Доплачу остаток' : 'I will pay the rest' })
      .click();
    await expect(page.getByTestId('awaiting-payment')).toContainText(
      lang === 'ru' ? 'доплатите 100,00 USDT на тот же адрес' : 'pay the rest, 100.00 USDT, to the same address',
    );
    await page.getByRole('link', { name: lang === 'ru' ? 'Перейти к оплате' : 'Go to payment' }).click();
    await expect(page.getByTestId('payment-amount')).toHaveText(lang === 'ru' ? '100,00 USDT' : '100.00 USDT');
    await expect(page.getByTestId('payment-rest-note')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`payment-rest-${lang}.png`), fullPage: true });

    await operatorActs(request, ticket.id, 'payment', { amount: rest, reference: `e2e-rest-${ticket.number}` });
    await expect(page.getByTestId('payment-received')).toBeVisible({ timeout: 15_000 });
    const paid = (await (await request.get(`/api/v1/Tickets/${ticket.id}`)).json()) as object;
    expect(paid).toMatchObject({ status: 'new', give: { sum: give.sum } });
  });
}

test('ru: the console lists the excess to send back and records its transaction', async ({
  page,
  request,
}, testInfo) => {
  const ticket = await coinTicket(request, {
    requisites: { give: { refundAddress: TRON_ADDRESS }, get: { walletAddress: BTC_ADDRESS } },
  });
  const { give } = (await (await request.get(`/api/v1/Tickets/${ticket.id}`)).json()) as { give: { sum: string } };
  await operatorActs(request, ticket.id, 'payment', {
    amount: timesOnePointTwo(give.sum),
    reference: `e2e-excess-${ticket.number}`,
  });
  const problem = (await (await request.get(`/api/v1/Tickets/${ticket.id}`)).json()) as {
    paymentChoices: { refundExcess: { refund: string } };
  };
  const taken = await request.post(`/api/v1/Tickets/${ticket.id}/refund-excess`, {
    data: { address: TRON_ADDRESS, refund: problem.paymentChoices.refundExcess.refund },
  });
  expect(taken.status(), await taken.text()).toBe(200);

  await openConsole(page, `/admin/tickets?status=excess_refund&q=${ticket.number}`, await operatorToken(request), 'ru');
  await expect(page.getByTestId('ticket-queue')).toContainText('вернуть излишек');
  await page.getByRole('link', { name: `№ ${ticket.number}` }).click();
  const panel = page.getByTestId('ticket-panel');
  await expect(panel.getByTestId('excess-refund')).toContainText('ещё не отправлен');
  await panel.getByRole('button', { name: 'Излишек отправлен' }).click();
  const dialog = page.getByRole('dialog', { name: `Излишек по заявке № ${ticket.number} отправлен?` });
  await dialog.getByLabel('Хеш транзакции возврата').fill(EXCESS_TX);
  await dialog.getByRole('button', { name: 'Излишек отправлен' }).click();
  await expect(
    page
      .getByTestId('notification-success')
      .filter({ hasText: `Возврат излишка по заявке № ${ticket.number} записан` }),
  ).toBeVisible();
  await expect(panel.getByTestId('excess-refund').getByRole('link', { name: EXCESS_TX })).toHaveAttribute(
    'href',
    `https://tronscan.org/#/transaction/${EXCESS_TX}`,
  );
  await page.screenshot({ path: testInfo.outputPath('console-excess-refund-ru.png'), fullPage: true });
});

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: a payment on its way shows how many confirmations it has, with its transaction linked`, async ({
    page,
    request,
  }, testInfo) => {
    const ticket = await coinTicket(request, { lang });
    const txid = 'ab'.repeat(32);
    // The chain watcher is another module: its observation is stood in for in the ticket's answer.
    await page.route(`**/api/v1/Tickets/${ticket.id}`, async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as Record<string, unknown>;
      const seen = {
        txid,
        url: `https://tronscan.org/#/transaction/${txid}`,
        amount: (body.give as { sum: string }).sum,
        confirmations: 3,
        required: 20,
        seenAt: new Date().toISOString(),
        confirmedAt: null,
        gone: false,
        source: 'chain',
      };
      await route.fulfill({ response: answer, json: { ...body, payments: [seen] } });
    });
    // The page comes drawn by the server with the ticket as it is; the stand-in is what the page's
    // next poll of the open ticket (every 10 s) hears, so the clock is moved on to it.
    await page.clock.install();
    await page.goto(`/${lang}/ticket/${ticket.id}`);
    await expect(page.getByTestId('awaiting-payment')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.clock.fastForward('00:11');
    await expect(page.getByTestId('payment-seen')).toHaveText(
      lang === 'ru' ? 'Платёж получен, 3 из 20 подтверждений' : 'Payment seen, 3 of 20 confirmations',
    );
    await expect(page.getByRole('link', { name: new RegExp(txid) })).toHaveAttribute(
      'href',
      `https://tronscan.org/#/transaction/${txid}`,
    );
    await page.screenshot({ path: testInfo.outputPath(`payment-seen-${lang}.png`) });
  });
}

test('ru: the operator records a short transfer in the console, then sends the refund the client asked for with its transaction', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const ticket = await coinTicket(request, {
    requisites: { give: { refundAddress: TRON_ADDRESS }, get: { walletAddress: BTC_ADDRESS } },
  });
  await openConsole(page, `/admin/tickets/${ticket.id}`, await operatorToken(request), 'ru');
  const panel = page.getByTestId('ticket-panel');
  await panel.getByRole('button', { name: 'Внести поступление' }).click();
  const record = page.getByRole('dialog', { name: `Что поступило по заявке № ${ticket.number}?` });
  await record.getByLabel('Поступившая сумма, USDT').fill('1');
  await record.getByLabel('Номер перевода или хеш транзакции').fill(`e2e-short-${ticket.number}`);
  await record.getByRole('button', { name: 'Внести поступление' }).click();
  await expect(panel).toContainText('Получено меньше суммы заявки');
  await expect(panel).toContainText(TRON_ADDRESS);

  const asked = await request.post(`/api/v1/Tickets/${ticket.id}/refund`, { data: { address: TRON_ADDRESS } });
  expect(asked.status()).toBe(200);
  await panel.getByRole('button', { name: 'Возврат отправлен' }).click({ timeout: 15_000 });
  const refund = page.getByRole('dialog', { name: `Возврат по заявке № ${ticket.number} отправлен?` });
  await refund.getByLabel('Хеш транзакции возврата').fill(REFUND_TX);
  await refund.getByRole('button', { name: 'Возврат отправлен' }).click();
  await expect(
    page.getByTestId('notification-success').filter({ hasText: `Возврат по заявке № ${ticket.number} записан` }),
  ).toBeVisible();
  await expect(panel.getByRole('link', { name: REFUND_TX })).toHaveAttribute(
    'href',
    `https://tronscan.org/#/transaction/${REFUND_TX}`,
  );
  await page.screenshot({ path: testInfo.outputPath('console-refunded-ru.png'), fullPage: true });

  const client = await (await request.get(`/api/v1/Tickets/${ticket.id}`)).json();
  expect(client).toMatchObject({ status: 'refunded', refundTxid: REFUND_TX });
});

test.describe('in the dark', () => {
  test.use({ colorScheme: 'dark' });

  test('en: a ticket its client marked paid takes what the operator finds arrived; more than the sum is an excess', async ({
    page,
    request,
  }, testInfo) => {
    const ticket = await coinTicket(request, { lang: 'en' });
    expect((await request.post(`/api/v1/Tickets/confirm/${ticket.id}`)).status()).toBe(200);
    await openConsole(page, `/admin/tickets/${ticket.id}`, await operatorToken(request), 'en');
    const panel = page.getByTestId('ticket-panel');
    await expect(panel.getByRole('cell', { name: 'Awaiting payment → In progress' })).toBeVisible();
    await panel.getByRole('button', { name: 'Record a payment' }).click();
    const record = page.getByRole('dialog', { name: `What arrived for ticket No. ${ticket.number}?` });
    // The ticket is for 0.01 BTC, some 960 USDT.
    await record.getByLabel('Amount received, USDT').fill('5000.00');
    await record.getByLabel('Transfer number or transaction hash').fill(`e2e-paid-${ticket.number}`);
    await record.getByRole('button', { name: 'Record a payment' }).click();
    await expect(record).toBeHidden();
    await expect(panel).toContainText('More than the ticket amount was received');
    // A problem is the client's to decide: no more transfers to enter on it.
    await expect(panel.getByRole('button', { name: 'Record a payment' })).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath('console-excess-en-dark.png'), fullPage: true });
  });
});
