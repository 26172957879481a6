import { expect, test } from '@playwright/test';
import { BTC_ADDRESS, createTicket, openConsole, operatorToken, uniqueEmail } from '../support/console';

// The "abandon … about" wallet's TRON account key (m/44'/195'/0'): its first addresses are published.
const TRON_XPUB =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';
const FIRST_ADDRESSES = ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK'];

// It changes where TRX tickets are paid (no other spec makes one) and puts it back.
test.describe('deposit addresses of their own (CHAIN_WATCH=on)', () => {
  let token = '';
  test.beforeAll(async () => {
    token = await operatorToken();
  });
  test.afterAll(async ({ request }) => {
    await request.patch('/api/admin/currencies/TRX', {
      headers: { authorization: `Bearer ${token}` },
      data: { watchMode: 'off' },
    });
  });

  test('the operator sets TRON up in the console; a ticket is paid to an address of its own, with its QR code', async ({
    page,
    request,
  }) => {
    await openConsole(page, '/admin/currencies/TRX', token, 'ru');
    await page.getByLabel('Как узнавать оплату').selectOption('xpub');
    await page.getByLabel('Сеть', { exact: true }).selectOption('tron');
    await page.getByLabel('Расширенный публичный ключ счёта').fill(TRON_XPUB);
    await page.getByLabel('Адрес API сети').fill('https://api.trongrid.io');
    await page.getByLabel('Знаков в суммах сети').fill('6');
    await page.getByLabel('Подтверждений для оплаты').fill('19');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByTestId('notification-success')).toContainText('TRX');

    const ticket = await createTicket(request, {
      giveName: 'TRX',
      getName: 'BTC',
      giveSum: '0',
      getSum: '0.005',
      email: uniqueEmail('chain'),
      requisites: { give: {}, get: { walletAddress: BTC_ADDRESS } },
    });
    await page.goto(`/ru/ticket/${ticket.id}`);
    const main = page.getByRole('main');
    await main.getByRole('link', { name: 'Перейти к оплате' }).click();
    await expect(main.getByText('Адрес для оплаты этой заявки')).toBeVisible();
    const address = main.getByText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(FIRST_ADDRESSES).toContain(await address.textContent());
    await expect(main.getByRole('img', { name: /QR-код/ })).toBeVisible();
  });
});
