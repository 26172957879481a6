import { expect, test, type Page } from '@playwright/test';
import { logInAsNewUser } from '../support/accounts';

const copy = {
  ru: {
    about: 'О нас',
    aboutPage: 'О нас',
    rules: 'Правила',
    language: /Язык: Русский/,
    other: { code: 'en', name: 'English', about: 'About' },
    menu: 'Открыть меню',
    dark: 'Тёмная тема',
    timeout: 'Проблемы с интернет-соединением',
    login: { user: 'Имя пользователя или e-mail', password: 'Пароль', submit: 'Войти' },
    vip: { open: 'Получить VIP-статус', title: 'VIP-статус', contact: 'Способ связи', default: 'Отправить запрос' },
    subject: 'Запрос VIP-статуса',
  },
  en: {
    about: 'About',
    aboutPage: 'About us',
    rules: 'Rules',
    language: /Language: English/,
    other: { code: 'ru', name: 'Русский', about: 'О нас' },
    menu: 'Open menu',
    dark: 'Dark theme',
    timeout: 'Internet connection problems',
    login: { user: 'Username or e-mail', password: 'Password', submit: 'Log in' },
    vip: { open: 'Get VIP status', title: 'VIP status', contact: 'How to reach us', default: 'Send request' },
    subject: 'VIP status request',
  },
} as const;

const header = (page: Page) => page.getByRole('banner');

for (const lang of ['ru', 'en'] as const) {
  const text = copy[lang];

  test.describe(`${lang}: the shell`, () => {
    test('the language dialog opens the same deep page, query included, in the other language', async ({ page }) => {
      await page.goto(`/${lang}/news/3?page=2`);
      await header(page).getByRole('button', { name: text.language }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('link', { name: lang === 'ru' ? 'Русский' : 'English' })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await dialog.getByRole('link', { name: text.other.name }).click();
      await expect(page).toHaveURL(new RegExp(`/${text.other.code}/news/3\\?page=2$`));
      await expect(dialog).toBeHidden();
      await expect(page.locator('html')).toHaveAttribute('lang', text.other.code);
      await expect(header(page).getByRole('link', { name: text.other.about, exact: true })).toBeVisible();
    });

    test('the theme survives a reload and is on <html> before the app runs', async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`/${lang}/`);
      const toggle = header(page).getByRole('button', { name: text.dark });
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await expect(page.locator('html')).toHaveClass(/theme-light/);
      await toggle.click();
      await expect(page.locator('html')).toHaveClass(/theme-dark/);
      expect(await page.evaluate(() => localStorage.getItem('scheme'))).toBe('dark');

      // With the app's own scripts held back, the page is already dark: nothing can flash.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.reload();
      await expect(page.locator('html')).toHaveClass(/theme-dark/);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe('rgb(9, 13, 22)');
      await page.unroute('**/assets/*.js');

      await page.reload();
      await expect(header(page).getByRole('button', { name: text.dark })).toHaveAttribute('aria-pressed', 'true');
      // Back to what the system says: nothing is stored any more.
      await header(page).getByRole('button', { name: text.dark }).click();
      await expect(page.locator('html')).toHaveClass(/theme-light/);
      expect(await page.evaluate(() => localStorage.getItem('scheme'))).toBeNull();
    });

    test('a call that times out says so, and the notification leaves after 10 seconds', async ({ page }) => {
      await page.clock.install();
      await page.goto(`/${lang}/login`);
      // From here the page's time moves only when the test says, however busy the machine is.
      await page.clock.pauseAt(Date.now() + 60_000);
      // The server never answers this login.
      await page.route('**/token', () => {});
      const form = page.getByRole('main').locator('form');
      await form.getByLabel(text.login.user, { exact: true }).fill('nobody');
      await form.getByLabel(text.login.password, { exact: true }).fill('Whatever-1!');
      const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/token');
      await form.getByRole('button', { name: text.login.submit }).click();
      await sent;
      await page.clock.runFor(10_000);
      const notification = page.getByTestId('notification-error').filter({ hasText: text.timeout });
      await expect(notification).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: text.timeout })).toHaveCount(1);
      await page.clock.runFor(9_999);
      await expect(notification).toBeVisible();
      await page.clock.runFor(1);
      await expect(notification).toBeHidden();
    });

    test('the VIP dialog: pictures, mail to support, Telegram in a new tab, chat', async ({
      page,
      context,
      request,
    }) => {
      const account = await logInAsNewUser(page, request, `e2evip${lang}`);
      // Records mail links instead of handing them to a mail program the test machine lacks.
      await page.addInitScript(() => {
        const opened: string[] = [];
        Object.assign(window, { openedMailLinks: opened });
        document.addEventListener(
          'click',
          (event) => {
            const link = (event.target as Element | null)?.closest?.('a');
            if (link?.href.startsWith('mailto:')) {
              opened.push(link.href);
              event.preventDefault();
            }
          },
          true,
        );
      });
      await context.route('https://t.me/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Telegram</title>' }),
      );

      await page.goto(`/${lang}/user/tickets`);
      // The user area's header: the name, the spec's four tabs and the partner API's (issue 47), the VIP button.
      await expect(page.getByTestId('user-area-username')).toHaveText(account.username);
      await expect(
        page
          .getByRole('navigation', { name: lang === 'ru' ? 'Разделы личного кабинета' : 'Account sections' })
          .getByRole('link'),
      ).toHaveCount(5);

      // From the profile panel.
      await header(page)
        .getByRole('button', { name: new RegExp(account.username) })
        .click();
      await page.getByTestId('profile-panel').getByRole('button', { name: text.vip.open }).click();
      const dialog = page.getByRole('dialog', { name: text.vip.title });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading', { level: 3 })).toHaveCount(3);
      await expect(dialog.locator('svg[aria-hidden="true"]').first()).toBeVisible();
      const contact = dialog.getByLabel(text.vip.contact);
      await expect(contact).toHaveValue('');
      await expect(contact.locator('option:checked')).toHaveText(text.vip.default);

      await contact.selectOption('mail');
      const mail = await page.evaluate(() => (window as unknown as { openedMailLinks: string[] }).openedMailLinks);
      expect(mail).toHaveLength(1);
      const url = new URL(mail[0]!);
      expect(url.protocol).toBe('mailto:');
      expect(url.pathname).toBe('support@obmen.example');
      expect(url.searchParams.get('subject')).toBe(text.subject);
      expect(url.searchParams.get('body')).toContain(account.username);
      await expect(contact).toHaveValue('');

      const tab = context.waitForEvent('page');
      await contact.selectOption('telegram');
      const telegram = await tab;
      await telegram.waitForLoadState();
      expect(telegram.url()).toBe('https://t.me/obmen_support');
      expect(await telegram.evaluate(() => window.opener)).toBeNull();
      await telegram.close();

      // Chat: nothing visible happens; the dialog stays as it was.
      await contact.selectOption('chat');
      await expect(dialog).toBeVisible();
      await expect(contact).toHaveValue('');
      expect(context.pages()).toHaveLength(1);

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      // And from the user area's own button.
      await page
        .getByRole('main')
        .getByRole('button', { name: lang === 'ru' ? 'VIP-статус' : 'VIP status' })
        .click();
      await expect(dialog).toBeVisible();
    });
  });

  test.describe(`${lang}: on a 390 px phone`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the drawer repeats the header links and closes on the way to a page', async ({ page }) => {
      await page.goto(`/${lang}/`);
      await expect(header(page).getByRole('link', { name: text.about, exact: true })).toBeHidden();
      await header(page).getByRole('button', { name: text.menu }).click();
      const drawer = page.getByRole('dialog');
      await expect(drawer.getByRole('link')).toHaveCount(10); // seven pages, find a ticket, Telegram and e-mail
      // Focus moves in once the sheet's effects have run, the Escape listener among them: a key
      // pressed in the frame before is not the sheet's (seen once under load).
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null))
        .toBe(true);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      await header(page).getByRole('button', { name: text.menu }).click();
      await drawer.getByRole('link', { name: text.rules, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/rules$`));
      await expect(drawer).toBeHidden();
    });

    test('a link at the bottom of a long page opens the next page at its top', async ({ page }) => {
      await page.goto(`/${lang}/`);
      await page.getByRole('contentinfo').getByRole('link', { name: text.aboutPage, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/about$`));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    });
  });
}

test.describe('referral links', () => {
  test('?r=42 is remembered and its visit reported once, across reloads', async ({ page }) => {
    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/Ref/visit/')) reports.push(new URL(request.url()).pathname);
    });
    const reported = page.waitForResponse((response) => response.url().endsWith('/api/v1/Ref/visit/42'));
    await page.goto('/ru/?r=42');
    expect((await reported).status()).toBe(204);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('refVisits'))).toBe('{"42":true}');
    expect(await page.evaluate(() => localStorage.getItem('refId'))).toBe('42');

    await page.reload({ waitUntil: 'networkidle' });
    await page.goto('/en/rules?r=42', { waitUntil: 'networkidle' });
    expect(reports).toEqual(['/api/v1/Ref/visit/42']);
  });
});
