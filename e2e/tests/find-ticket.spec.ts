import { expect, test } from '@playwright/test';
import { PASSWORD } from '../support/accounts';
import { registerUser } from '../support/accounts-api';
import { linkIn, mailsTo } from '../support/mailbox';
import { coinTicket, unique, type Lang } from '../support/tickets';

const COPY = {
  ru: {
    find: 'Найти заявку',
    number: 'Номер заявки',
    email: 'E-mail',
    submit: 'Прислать ссылку',
    sent: (n: number) =>
      `Если заявка № ${n} с этим e-mail существует, мы отправили ссылку на неё на e-mail, указанный в заявке.`,
    again: 'Запросить ещё раз',
    linkSubject: (n: number) => `Obmen: ссылка на заявку № ${n}`,
    signInNeeded: 'Эта заявка создана в аккаунте: войдите, чтобы её увидеть',
    signIn: 'Войти, чтобы увидеть заявку',
    user: 'Имя пользователя или e-mail',
    password: 'Пароль',
    logIn: 'Войти',
  },
  en: {
    find: 'Find a ticket',
    number: 'Ticket number',
    email: 'E-mail',
    submit: 'Send the link',
    sent: (n: number) =>
      `If ticket No. ${n} with this e-mail exists, we have sent its link to the e-mail on the ticket.`,
    again: 'Ask again',
    linkSubject: (n: number) => `Obmen: the link to ticket No. ${n}`,
    signInNeeded: 'This ticket belongs to an account: sign in to see it',
    signIn: 'Sign in to see the ticket',
    user: 'Username or e-mail',
    password: 'Password',
    logIn: 'Log in',
  },
} as const;

for (const lang of ['ru', 'en'] as Lang[]) {
  const c = COPY[lang];

  test.describe(`finding a ticket (${lang})`, () => {
    test('the header leads to the lookup; the number and e-mail mail the link, which opens the ticket', async ({
      page,
      request,
    }) => {
      const email = `${unique('finder')}@obmen.test`;
      const ticket = await coinTicket(request, { email, lang });
      await page.goto(`/${lang}/`);
      await page.getByRole('banner').getByRole('link', { name: c.find }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/ticket/find$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const main = page.getByRole('main');
      const form = main.locator('form');

      // A wrong pair answers as a right one does: the page never learns which it was.
      const stranger = `${unique('stranger')}@obmen.test`;
      await form.getByLabel(c.number).fill(String(ticket.number));
      await form.getByLabel(c.email).fill(stranger);
      await form.getByRole('button', { name: c.submit, exact: true }).click();
      await expect(main.getByRole('status')).toContainText(c.sent(ticket.number));
      await expect(page).toHaveURL(new RegExp(`/${lang}/ticket/find$`));

      await main.getByRole('button', { name: c.again }).click();
      await form.getByLabel(c.number).fill(String(ticket.number));
      await form.getByLabel(c.email).fill(email.toUpperCase());
      await form.getByRole('button', { name: c.submit, exact: true }).click();
      await expect(main.getByRole('status')).toContainText(c.sent(ticket.number));
      await expect(page).toHaveURL(new RegExp(`/${lang}/ticket/find$`));

      // The link goes to the e-mail on the ticket, and only there.
      await expect
        .poll(() => mailsTo(email).filter((m) => m.subject === c.linkSubject(ticket.number)), { timeout: 10_000 })
        .toHaveLength(1);
      const mail = mailsTo(email).find((m) => m.subject === c.linkSubject(ticket.number))!;
      expect(mailsTo(stranger)).toEqual([]);
      await page.goto(linkIn(mail, `/${lang}/ticket/`));
      await expect(page).toHaveURL(new RegExp(`/${lang}/ticket/${ticket.id}$`));
      await expect(main).toContainText(String(ticket.number));

      // The footer has the way too.
      await expect(page.getByRole('contentinfo').getByRole('link', { name: c.find })).toBeVisible();
    });

    test('a user’s ticket opened signed out asks to sign in, and the sign-in comes back to it', async ({
      page,
      request,
    }) => {
      const user = await registerUser(request, 'owner');
      const ticket = await coinTicket(request, { token: user.token, lang });
      await page.goto(`/${lang}/ticket/${ticket.id}`);
      await expect(page.getByRole('main').getByRole('alert')).toContainText(c.signInNeeded);
      await page.getByRole('link', { name: c.signIn }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));
      const form = page.getByRole('main').locator('form');
      await form.getByLabel(c.user, { exact: true }).fill(user.username);
      await form.getByLabel(c.password, { exact: true }).fill(PASSWORD);
      await page.getByRole('main').getByRole('button', { name: c.logIn, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/ticket/${ticket.id}$`));
      await expect(page.getByRole('main')).toContainText(String(ticket.number));
    });
  });
}
