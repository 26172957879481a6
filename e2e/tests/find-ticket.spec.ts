import { expect, test } from '@playwright/test';
import { PASSWORD } from '../support/accounts';
import { registerUser } from '../support/accounts-api';
import { coinTicket, unique, type Lang } from '../support/tickets';

const COPY = {
  ru: {
    find: 'Найти заявку',
    number: 'Номер заявки',
    email: 'E-mail',
    submit: 'Найти',
    notFound: 'Заявка не найдена',
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
    submit: 'Find',
    notFound: 'Ticket not found',
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
    test('the header leads to the lookup; the number and e-mail open the ticket, a wrong pair does not', async ({
      page,
      request,
    }) => {
      const email = `${unique('finder')}@obmen.test`;
      const ticket = await coinTicket(request, { email, lang });
      await page.goto(`/${lang}/`);
      await page.getByRole('banner').getByRole('link', { name: c.find }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/ticket/find$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const form = page.getByRole('main').locator('form');

      await form.getByLabel(c.number).fill(String(ticket.number));
      await form.getByLabel(c.email).fill(`someone.else@obmen.test`);
      await form.getByRole('button', { name: c.submit, exact: true }).click();
      await expect(form.getByRole('alert')).toContainText(c.notFound);

      await form.getByLabel(c.email).fill(email.toUpperCase());
      await form.getByRole('button', { name: c.submit, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/ticket/${ticket.id}$`));
      await expect(page.getByRole('main')).toContainText(String(ticket.number));

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
