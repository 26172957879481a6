import { expect, test } from '@playwright/test';
import { signUpCode } from '../support/accounts';
import {
  cardTicket,
  coinTicket,
  createTicket,
  OPERATOR,
  openConsole,
  operatorCode,
  operatorToken,
  uniqueEmail,
} from '../support/console';

const PAYOUT_HASH = '4f9a1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b';

test.describe('the console is its own bundle', () => {
  test('the home page never loads a console chunk; /admin does', async ({ browser }) => {
    const scriptsOf = async (path: string) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const urls: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') urls.push(response.url());
      });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // A copy: a late script may still arrive while the texts are fetched.
      const seen = [...urls];
      const texts = await Promise.all(seen.map(async (url) => (await page.request.get(url)).text()));
      await context.close();
      return seen.map((url, i) => ({ url, text: texts[i]! }));
    };
    // English copy only the console has: found in what /admin loads, so its absence below means something.
    const marker = 'Ticket queue';
    const consoleScripts = await scriptsOf('/admin');
    expect(consoleScripts.some((s) => /\/assets\/admin-/.test(s.url))).toBe(true);
    expect(consoleScripts.some((s) => s.text.includes(marker))).toBe(true);

    for (const path of ['/ru/']) {
      const visitor = await scriptsOf(path);
      expect(visitor.length, path).toBeGreaterThan(0);
      expect(
        visitor.filter((s) => /\/assets\/admin-/.test(s.url)).map((s) => s.url),
        path,
      ).toEqual([]);
      expect(
        visitor.filter((s) => s.text.includes(marker)).map((s) => s.url),
        path,
      ).toEqual([]);
    }
  });
});

test.describe('getting into the console', () => {
  test.use({ locale: 'ru-RU' });
  test('anonymous /admin shows its login; the site’s login (POST /token) opens the queue', async ({ page }) => {
    const response = await page.goto('/admin/tickets');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Вход в пульт' })).toBeVisible();
    await page.getByLabel('Имя пользователя или e-mail', { exact: true }).fill(OPERATOR.login);
    await page.getByLabel('Пароль', { exact: true }).fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    // The operator has two-factor authentication on (console.setup.ts): the form asks for a code.
    await page.getByLabel('Код из приложения-аутентификатора или резервный код').fill(operatorCode());
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('heading', { name: 'Очередь заявок' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Разделы пульта' }).getByRole('link', { name: /Заявки/ }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test('a plain user who logs in is told they have no access', async ({ page, request }) => {
    const username = `plain_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const password = 'Qz7#mLp2-vRx';
    const email = `${username}@obmen.test`;
    const headers = { 'accept-language': 'en' };
    const emailCode = await signUpCode(request, email, headers);
    const registered = await request.post('/register', {
      headers,
      form: { username, email, emailCode, password, confirmPassword: password, agree: 'true' },
    });
    const token = ((await registered.json()) as { user: { access_token: string } }).user.access_token;
    await openConsole(page, '/admin', token, 'en');
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    expect((await request.get('/api/admin/tickets', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(
      403,
    );
  });
});

test.describe('the ticket desk', () => {
  test('a paid ticket appears in the open queue by itself; completing it shows success to the client and mails them', async ({
    page,
    request,
  }) => {
    const token = await operatorToken(request);
    await openConsole(page, '/admin/tickets', token, 'ru');
    await expect(page.getByRole('heading', { name: 'Очередь заявок' })).toBeVisible();

    // The visitor pays while the operator watches the queue: no reload.
    const email = uniqueEmail('desk');
    const ticket = await createTicket(request, coinTicket(email));
    expect((await request.get(`/api/v1/Tickets/confirm/${ticket.id}`)).status()).toBe(200);
    const row = page.getByTestId('ticket-queue').getByRole('link', { name: `№ ${ticket.number}` });
    await expect(row).toBeVisible({ timeout: 15_000 });

    await row.click();
    const panel = page.getByTestId('ticket-panel');
    await expect(panel.getByRole('heading', { name: `Заявка № ${ticket.number}` })).toBeVisible();
    await expect(panel.getByText(email)).toBeVisible();
    // The console prints the rate the client's page prints, thousands grouped (issue 34).
    const clientPage = await page.context().newPage();
    await clientPage.goto(`/ru/ticket/${ticket.id}`);
    const clientRate = (await clientPage.getByTestId('rate').textContent())!.trim();
    expect(clientRate).toMatch(/^1 BTC = \d{1,3}(\u00a0\d{3})+(,\d+)? USDT$/);
    await expect(panel).toContainText(clientRate);
    await clientPage.close();
    await panel.getByRole('button', { name: 'Выполнить' }).click();
    const dialog = page.getByRole('dialog', { name: `Выполнить заявку № ${ticket.number}` });
    await dialog.getByRole('button', { name: 'Выполнить' }).click();
    // A bitcoin payout is proven by its transaction (issue 35): a transfer number will not do.
    await expect(dialog.getByText('Для выплаты в BTC укажите хеш транзакции выплаты')).toBeVisible();
    await dialog.getByLabel('Номер перевода или хеш транзакции').fill('e2e-txid-4f9a');
    await dialog.getByRole('button', { name: 'Выполнить' }).click();
    await expect(dialog.getByText('Это не хеш транзакции сети BTC')).toBeVisible();
    await dialog.getByLabel('Номер перевода или хеш транзакции').fill(PAYOUT_HASH);
    await dialog.getByRole('button', { name: 'Выполнить' }).click();
    await expect(page.getByTestId('notification-success')).toContainText(`Заявка № ${ticket.number} выполнена`);
    await expect(panel.getByText('Перевод клиенту')).toBeVisible();

    const client = await (await request.get(`/api/v1/Tickets/${ticket.id}`)).json();
    expect(client).toMatchObject({ status: 'success', payoutReference: PAYOUT_HASH });

    // The mail to the client is in the outbox, as the console shows it.
    await page.getByRole('navigation', { name: 'Разделы пульта' }).getByRole('link', { name: 'Письма' }).click();
    await page.getByPlaceholder('Адрес или тема').fill(email);
    const outbox = page.getByTestId('outbox');
    await expect(outbox.getByRole('button', { name: `Obmen: заявка № ${ticket.number} — Выполнена` })).toBeVisible();
    await outbox.getByRole('button', { name: `Obmen: заявка № ${ticket.number} — Выполнена` }).click();
    await expect(outbox.getByText(`/ru/ticket/${ticket.id}`)).toBeVisible();
  });

  test('approving a card photo moves the ticket to payment (in English)', async ({ page, request }) => {
    const email = uniqueEmail('card');
    const ticket = await createTicket(request, cardTicket(email));
    expect(ticket.status).toBe('card_check');
    // The visitor uploads a photo of their card (any real image will do here).
    await page.setContent('<div id="card" style="width:320px;height:200px;background:#21a038"></div>');
    const photo = await page.locator('#card').screenshot();
    const upload = await request.post(`/api/v1/CardCheck/uploadimage?ticketId=${ticket.id}`, {
      multipart: { image: { name: 'card.png', mimeType: 'image/png', buffer: photo } },
    });
    expect(upload.status()).toBe(200);

    const token = await operatorToken(request);
    await openConsole(page, `/admin/tickets/${ticket.id}`, token, 'en');
    const panel = page.getByTestId('ticket-panel');
    await expect(panel.getByText('Photo uploaded, awaiting review')).toBeVisible();
    // The operator's own window for the check, counting down (issue 42).
    await expect(panel.getByText('Check the card by')).toBeVisible();
    await expect(panel.getByTestId('deadline-left')).toContainText(/^\(\d+:\d\d:\d\d left\)$|^\(\d\d:\d\d left\)$/);
    await expect(panel.getByRole('img', { name: `Card photo for ticket No. ${ticket.number}` })).toBeVisible();
    await panel.getByRole('button', { name: 'Approve card' }).click();
    const dialog = page.getByRole('dialog', { name: `Approve the card for ticket No. ${ticket.number}` });
    await dialog.getByRole('button', { name: 'Approve card' }).click();
    await expect(page.getByTestId('notification-success')).toContainText(
      `Card approved, ticket No. ${ticket.number} awaits payment`,
    );
    await expect(panel.getByText('Awaiting payment').first()).toBeVisible();

    const client = await (await request.get(`/api/v1/Tickets/${ticket.id}`)).json();
    expect(client.status).toBe('advance');
    expect(client.payTo).not.toBeNull();
  });
});

test.describe('reserve holds (issue 33)', () => {
  test.use({ locale: 'ru-RU' });
  test('an operator sees who holds the reserves and cancels all of one client’s tickets at once', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('holder');
    const first = await createTicket(request, coinTicket(email));
    const second = await createTicket(request, coinTicket(email));
    await openConsole(page, '/admin/holds', await operatorToken(request));
    await expect(page.getByRole('heading', { name: 'Удержания резервов' })).toBeVisible();
    const row = page.getByTestId('hold-row').filter({ hasText: email });
    await expect(row).toContainText('по e-mail');
    await expect(row).toContainText('0.02000000 BTC');
    await row.getByRole('button', { name: 'Отменить все' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Неоплаченных заявок: 2');
    await dialog.getByRole('button', { name: 'Отменить все' }).click();
    await expect(page.getByText('Отменено заявок: 2')).toBeVisible();
    await expect(row).toHaveCount(0);
    for (const ticket of [first, second]) {
      const shown = await request.get(`/api/v1/Tickets/${ticket.id}`);
      expect(((await shown.json()) as { status: string }).status).toBe('deleted');
    }
    await expect(page.getByRole('heading', { name: 'Лимиты на клиента' })).toBeVisible();
    await expect(page.getByLabel('Заявок на один e-mail')).toHaveValue('3');
  });

  test('an operator cancels a group of tickets by e-mail domain in one action (issue 42)', async ({
    page,
    request,
  }) => {
    const domain = `crowd${Date.now().toString(36)}.example`;
    const tickets = [];
    for (const name of ['a', 'b']) tickets.push(await createTicket(request, coinTicket(`${name}@${domain}`)));
    await openConsole(page, '/admin/holds', await operatorToken(request));
    await page.getByLabel('Домен e-mail').fill(domain);
    await page.getByRole('button', { name: 'Отменить группу' }).click();
    const dialog = page.getByRole('dialog', { name: 'Отменить все неоплаченные заявки этой группы?' });
    await expect(dialog).toContainText(`e-mail @${domain}`);
    await dialog.getByRole('button', { name: 'Отменить группу' }).click();
    await expect(page.getByText('Отменено заявок: 2')).toBeVisible();
    for (const ticket of tickets) {
      const shown = await request.get(`/api/v1/Tickets/${ticket.id}`);
      expect(((await shown.json()) as { status: string }).status).toBe('deleted');
    }
  });
});

test.describe('before a maintenance break', () => {
  for (const [lang, copy] of [
    [
      'ru',
      {
        turnOn: 'Включить технический перерыв',
        dialog: 'Включить технический перерыв?',
        warning: /^Ждут оплаты заявок: \d+\. Во время перерыва их клиенты не смогут открыть страницу оплаты/,
        cancel: 'Отмена',
        give: '0,01\u00a0BTC',
        number: '№',
      },
    ],
    [
      'en',
      {
        turnOn: 'Start maintenance',
        dialog: 'Start a maintenance break?',
        warning: /^Tickets awaiting payment: \d+\. During the break their clients cannot open the payment/,
        cancel: 'Cancel',
        give: '0.01\u00a0BTC',
        number: 'No.',
      },
    ],
  ] as const) {
    test(`${lang}: the confirmation warns of the tickets awaiting payment and links each one`, async ({
      page,
      request,
    }) => {
      const ticket = await createTicket(request, coinTicket(uniqueEmail('maintenance')));
      const token = await operatorToken(request);
      await openConsole(page, '/admin/site-state', token, lang);
      await page.getByRole('button', { name: copy.turnOn }).click();
      const dialog = page.getByRole('dialog', { name: copy.dialog });
      await expect(dialog.getByRole('alert')).toHaveText(copy.warning);
      const row = dialog
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: `${copy.number} ${ticket.number}` }) });
      await expect(row).toContainText('USDTTRC20 → BTC');
      await expect(row).toContainText(copy.give);
      await expect(row.getByRole('link')).toHaveAttribute('href', `/admin/tickets/${ticket.id}`);

      // Cancelled: nothing changed; the link opens the ticket in the desk.
      await dialog.getByRole('button', { name: copy.cancel }).click();
      expect((await request.get('/api/v1/SiteState')).status()).toBe(204);
      await page.getByRole('button', { name: copy.turnOn }).click();
      await page
        .getByRole('dialog', { name: copy.dialog })
        .getByRole('link', { name: `${copy.number} ${ticket.number}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/tickets/${ticket.id}$`));
    });
  }
});

test.describe('the console on a phone (issue 46)', () => {
  test('a table wider than the screen says it scrolls sideways, fades its hidden side and takes the keyboard', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openConsole(page, '/admin/directions', await operatorToken(request), 'en');
    const hint = page.getByTestId('table-scroll-hint');
    await expect(hint).toHaveText('Wide table: scroll it sideways →');
    const region = page.getByRole('region', { name: 'Wide table: scroll it sideways →' });
    await expect(region).toHaveAttribute('data-more-after', 'true');
    await expect(region).not.toHaveAttribute('data-more-before');
    // The page itself does not scroll sideways: the table does, inside its frame.
    expect(await page.evaluate(() => (window.scrollTo(400, window.scrollY), window.scrollX))).toBe(0);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(region).toHaveAttribute('data-more-before', 'true');
    await expect(region).not.toHaveAttribute('data-more-after');
  });
});
