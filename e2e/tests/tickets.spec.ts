import { expect, test, type Page } from '@playwright/test';
import { signUpCode } from '../support/accounts';
import { mailsTo } from '../support/mailbox';
import {
  BTC_ADDRESS,
  CARD_PHOTO,
  coinTicket,
  createTicketByApi,
  draftScript,
  operatorActs,
  TON_ADDRESS,
  unique,
  type Lang,
} from '../support/tickets';

const copy = {
  ru: {
    step: (n: number) => `Шаг ${n} из 3`,
    wallet: 'Адрес кошелька Bitcoin',
    agreeAml: /условия AML\/KYC/,
    agreeRules: /правилами обмена/,
    continue: 'Продолжить',
    confirm: 'Подтвердить и создать заявку',
    review: 'Проверьте заявку',
    required: 'Это поле обязательно',
    badAddress: 'Неверное значение',
    paymentTitle: /Оплата заявки № \d+/,
    copyDetails: /Скопировать: Адрес кошелька/,
    detailsCopied: 'Реквизиты списания скопированы',
    copyLink: 'Скопировать ссылку на заявку',
    linkCopied: 'Ссылка скопирована',
    qr: /QR-код/,
    paid: 'Я оплатил',
    pending: 'Заявка в обработке',
    manual: /Зачисление платежа может занять от 5 до 60 минут/,
    inProgress: 'В обработке',
    details: 'Подробнее о заявке',
    cancel: 'Отменить заявку',
    cancelConfirm: 'Да, отменить',
    cancelled: 'Заявка отменена',
    cancelledBadge: 'Отменена',
    expired: 'Истекло время оплаты',
    cardTitle: /Проверка карты · заявка № \d+/,
    send: 'Отправить на проверку',
    unsupported: 'Нужна фотография в формате JPEG, PNG или WebP',
    verifying: 'Карта на проверке',
    myTickets: 'Мои заявки',
    awaiting: 'Ожидает оплаты',
    notFound: 'Заявка не найдена',
    page2: 'Страница 2',
  },
  en: {
    step: (n: number) => `Step ${n} of 3`,
    wallet: 'Bitcoin wallet address',
    agreeAml: /AML\/KYC terms/,
    agreeRules: /exchange rules/,
    continue: 'Continue',
    confirm: 'Confirm and create the ticket',
    review: 'Check your ticket',
    required: 'This field is required',
    badAddress: 'Invalid value',
    paymentTitle: /Payment for ticket No\. \d+/,
    copyDetails: /Copy: Wallet address/,
    detailsCopied: 'Payment details copied',
    copyLink: 'Copy the link to the ticket',
    linkCopied: 'Link copied',
    qr: /QR code/,
    paid: 'I have paid',
    pending: 'In progress',
    manual: /A pending payment may take 5 to 60 minutes/,
    inProgress: 'In progress',
    details: 'Ticket details',
    cancel: 'Cancel ticket',
    cancelConfirm: 'Yes, cancel',
    cancelled: 'Ticket cancelled',
    cancelledBadge: 'Cancelled',
    expired: 'Payment time expired',
    cardTitle: /Card check · ticket No\. \d+/,
    send: 'Send for checking',
    unsupported: 'A JPEG, PNG or WebP photo is needed',
    verifying: 'Card on verification',
    myTickets: 'My tickets',
    awaiting: 'Awaiting payment',
    notFound: 'Ticket not found',
    page2: 'Page 2',
  },
} as const;

const main = (page: Page) => page.getByRole('main');
const notification = (page: Page, text: string) => page.getByTestId('notification-success').filter({ hasText: text });

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

for (const lang of ['ru', 'en'] as const) {
  const t = copy[lang];

  test.describe(`tickets (${lang})`, () => {
    test('a visitor makes a ticket from the converter’s draft, pays and sees it in progress', async ({
      page,
      context,
    }) => {
      test.setTimeout(60_000);
      await context.addInitScript(
        draftScript({ giveName: 'USDTTRC20', getName: 'BTC', giveSum: '0', getSum: '0.01', direction: 'buy' }),
      );
      await page.goto(`/${lang}/ticket/create`);
      await expect(main(page).getByText(t.step(1))).toBeVisible();
      // The exchange is priced again, live: a tenth of a hundredth of a bitcoin for some tether.
      await expect(page.getByTestId('summary-get')).toHaveText(/0[.,]01\s*BTC/);
      await expect(page.getByTestId('summary-give')).toHaveText(/USDT/);

      // The client's own checks, before anything is sent.
      await main(page).getByRole('button', { name: t.continue }).click();
      await expect(main(page).getByText(t.required).first()).toBeVisible();
      await main(page).getByLabel(t.wallet).fill('0xnot-a-bitcoin-address');
      await main(page).getByLabel(t.wallet).blur();
      await expect(main(page).getByText(t.badAddress)).toBeVisible();

      const email = `${unique('visitor')}@obmen.test`;
      await main(page).getByLabel(t.wallet).fill(BTC_ADDRESS);
      await main(page).getByLabel('E-mail').fill(email);
      await main(page).getByLabel(t.agreeAml).check();
      await main(page).getByLabel(t.agreeRules).check();
      await main(page).getByRole('button', { name: t.continue }).click();

      await expect(main(page).getByRole('heading', { name: t.review })).toBeVisible();
      await expect(main(page).getByText(t.step(2))).toBeVisible();
      await expect(main(page).getByText(BTC_ADDRESS)).toBeVisible();
      await expect(main(page).getByText(email)).toBeVisible();
      // A double click makes one ticket (the Idempotency-Key; the button also locks while it works).
      await main(page).getByRole('button', { name: t.confirm }).dblclick();

      await expect(main(page).getByRole('heading', { name: t.paymentTitle })).toBeVisible();
      await expect(main(page).getByText(t.step(3))).toBeVisible();
      await expect(page.getByTestId('payment-amount')).toHaveText(/USDT/);
      await expect(page.getByTestId('payment-time-left')).toBeVisible();
      await expect(main(page).getByRole('img', { name: t.qr })).toBeVisible();
      await main(page).getByRole('button', { name: t.copyDetails }).click();
      await expect(notification(page, t.detailsCopied)).toBeVisible();
      await main(page).getByRole('button', { name: t.copyLink }).click();
      await expect(notification(page, t.linkCopied)).toBeVisible();
      const ticketUrl = page.url().replace(/\/payment_info$/, '');

      await main(page).getByRole('button', { name: t.paid }).click();
      await expect(main(page).getByRole('heading', { name: t.pending })).toBeVisible();
      await expect(main(page).getByText(t.manual)).toBeVisible();

      await main(page).getByRole('link', { name: t.details }).click();
      await expect(page).toHaveURL(ticketUrl);
      await expect(main(page).locator('[data-status="new"]')).toHaveText(t.inProgress);
      // The client was mailed at each step, in their language, and the double click made one ticket.
      await expect
        .poll(() => mailsTo(email).map((m) => m.subject.replace(/.*— /, '')))
        .toEqual([t.awaiting, t.inProgress]);
    });

    test('a visitor cancels a ticket after confirming it in a dialog', async ({ page }) => {
      const ticket = await coinTicket(page.request, { lang });
      await page.goto(`/${lang}/ticket/${ticket.id}/payment_info`);
      await main(page).getByRole('button', { name: t.cancel }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      // Keeping it changes nothing.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(main(page).getByRole('button', { name: t.paid })).toBeVisible();
      await main(page).getByRole('button', { name: t.cancel }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.cancelConfirm }).click();
      await expect(main(page).getByRole('heading', { name: t.cancelled })).toBeVisible();
      await page.goto(`/${lang}/ticket/${ticket.id}`);
      await expect(main(page).locator('[data-status="deleted"]')).toHaveText(t.cancelledBadge);
    });

    test('a card-check ticket: a wrong file is refused, the photo goes to verification, the operator approves, payment opens', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const ticket = await createTicketByApi(page.request, {
        give: 'SBERRUB',
        get: 'BTC',
        sum: '10000',
        requisites: {
          give: { cardNumber: '2202 2000 0000 0008', fullName: 'Иван Петров' },
          get: { walletAddress: BTC_ADDRESS },
        },
        lang,
      });
      expect(ticket.status).toBe('card_check');
      // Its payment page leads to the card check first.
      await page.goto(`/${lang}/ticket/${ticket.id}/payment_info`);
      await expect(page).toHaveURL(new RegExp(`/ticket/${ticket.id}/card_check$`));
      await expect(main(page).getByRole('heading', { name: t.cardTitle })).toBeVisible();

      const input = main(page).locator('input[type="file"]');
      await input.setInputFiles({ name: 'card.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
      await expect(main(page).getByRole('alert').filter({ hasText: t.unsupported })).toBeVisible();
      // Called a JPEG, but it is not one: the server judges by content and says so.
      await input.setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('%PDF-1.7 no photo') });
      await main(page).getByRole('button', { name: t.send }).click();
      await expect(main(page).getByRole('alert').filter({ hasText: t.unsupported })).toBeVisible();

      await input.setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: CARD_PHOTO });
      await expect(main(page).locator('img[src^="blob:"]')).toBeVisible();
      await main(page).getByRole('button', { name: t.send }).click();
      await expect(page).toHaveURL(new RegExp(`/ticket/${ticket.id}/card_verify$`));
      await expect(main(page).getByRole('heading', { name: t.verifying })).toBeVisible();

      await operatorActs(page.request, ticket.id, 'approveCard');
      // The page asks every few seconds and moves on by itself.
      await expect(page).toHaveURL(new RegExp(`/ticket/${ticket.id}/payment_info$`), { timeout: 15_000 });
      await expect(main(page).getByRole('heading', { name: t.paymentTitle })).toBeVisible();
      await expect(page.getByTestId('payment-amount')).toHaveText(/RUB/);
    });

    test('a ticket nobody has shows “not found”; ticket creation with nothing chosen goes home', async ({ page }) => {
      await page.goto(`/${lang}/ticket/${unique('nosuchticket')}`);
      await expect(main(page).getByRole('heading', { name: t.notFound })).toBeVisible();
      await page.goto(`/${lang}/ticket/create`);
      await expect(page).toHaveURL(new RegExp(`/${lang}/$`));
    });

    test('a user’s tickets, ten a page, with their statuses', async ({ page }) => {
      const username = unique('lister');
      const password = 'Qz7#mLp2-vRx';
      const email = `${username}@obmen.test`;
      const emailCode = await signUpCode(page.request, email);
      const registered = await page.request.post('/register', {
        form: { username, email, emailCode, password, confirmPassword: password, agree: 'true' },
      });
      expect(registered.status()).toBe(200);
      const token = ((await registered.json()) as { user: { access_token: string } }).user.access_token;
      // A user keeps at most three unpaid tickets open (issue 33): the older ones are cancelled as
      // they are made, the eleventh stays open and the twelfth is cancelled.
      const tickets = [];
      const cancel = async (id: string) => {
        const cancelled = await page.request.post(`/api/v1/Tickets/cancel/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(cancelled.status()).toBe(200);
      };
      for (let i = 0; i < 12; i += 1) {
        const ticket = await coinTicket(page.request, { token, lang });
        tickets.push(ticket);
        if (i !== 10) await cancel(ticket.id);
      }

      await page.addInitScript((value) => localStorage.setItem('access_token', value), token);
      await page.goto(`/${lang}/user/tickets`);
      await expect(main(page).getByRole('heading', { name: t.myTickets })).toBeVisible();
      const rows = main(page).getByTestId('ticket-row');
      await expect(rows).toHaveCount(10);
      // Newest first: the cancelled one leads.
      await expect(rows.first()).toContainText(String(tickets[11]!.number));
      await expect(rows.first().locator('[data-status]')).toHaveText(t.cancelledBadge);
      await expect(rows.nth(1).locator('[data-status]')).toHaveText(t.awaiting);

      await main(page).getByRole('link', { name: t.page2, exact: true }).click();
      await expect(page).toHaveURL(/\?page=2$/);
      await expect(rows).toHaveCount(2);
      await expect(rows.last()).toContainText(String(tickets[0]!.number));
      await rows.last().getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/ticket/${tickets[0]!.id}$`));
    });
  });
}

test('unpaid tickets expire when their window passes: ‘Истекло время оплаты’ / ‘Payment time expired’', async ({
  context,
  request,
}) => {
  test.setTimeout(60_000);
  // LTC → TON has a 15-second payment window in the e2e server (PAYMENT_WINDOWS, playwright.config.ts).
  const langs: Lang[] = ['ru', 'en'];
  const pages = await Promise.all(
    langs.map(async (lang) => {
      const ticket = await createTicketByApi(request, {
        give: 'LTC',
        get: 'TON',
        sum: '1',
        requisites: { get: { walletAddress: TON_ADDRESS } },
        lang,
      });
      const page = await context.newPage();
      await page.goto(`/${lang}/ticket/${ticket.id}/payment_info`);
      await expect(main(page).getByRole('heading', { name: copy[lang].paymentTitle })).toBeVisible();
      return { page, lang, ticket };
    }),
  );
  for (const { page, lang } of pages) {
    await expect(main(page).getByRole('heading', { name: copy[lang].expired })).toBeVisible({ timeout: 25_000 });
    await expect(main(page).getByRole('button', { name: copy[lang].paid })).toBeHidden();
  }
  for (const { page, lang, ticket } of pages) {
    await page.goto(`/${lang}/ticket/${ticket.id}`);
    await expect(main(page).locator('[data-status="deleted"]')).toHaveText(copy[lang].expired);
    await page.close();
  }
});

test('the English ticket form is English: placeholders, labels and hints; the Russian one keeps its own', async ({
  page,
  context,
}) => {
  await context.addInitScript(
    draftScript({ giveName: 'SBERRUB', getName: 'BTC', giveSum: '10000', getSum: '0', direction: 'sell' }),
  );
  const cyrillic = /[А-Яа-яЁё]/;
  await page.goto('/en/ticket/create');
  const form = main(page).locator('form');
  await expect(form.getByLabel('E-mail')).toBeVisible();
  const placeholders = await form
    .locator('input[placeholder]')
    .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('placeholder') ?? ''));
  expect(placeholders).toContain('John Smith');
  for (const placeholder of placeholders) expect(placeholder).not.toMatch(cyrillic);
  expect(await form.innerText()).not.toMatch(cyrillic);
  // Money from a card goes back to that card: the form says so instead of asking for a refund address.
  await expect(form.getByTestId('refund-rule')).toHaveText(/back to the card you paid with/);

  await page.goto('/ru/ticket/create');
  await expect(main(page).locator('form').getByLabel('E-mail')).toBeVisible();
  const russian = await main(page)
    .locator('form input[placeholder]')
    .evaluateAll((inputs) => inputs.map((input) => input.getAttribute('placeholder') ?? ''));
  expect(russian.some((placeholder) => cyrillic.test(placeholder))).toBe(true);
  await expect(main(page).locator('form').getByTestId('refund-rule')).toHaveText(/вернутся на карту/);
});
