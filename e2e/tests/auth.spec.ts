import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpCode } from '../support/accounts';
import { linkIn, newestMail } from '../support/mailbox';

/** A name and address no other test, worker or earlier run has used. */
function newAccount(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return { username: `${prefix}_${id}`, email: `${prefix}.${id}@obmen.test` };
}

const FIRST_PASSWORD = 'Qz7#mLp2-vRx';
const SECOND_PASSWORD = 'Wn4!tGc8_hKy';

/** A user created through the real API, for tests about what happens after registration. */
async function registerByApi(request: APIRequestContext, lang: 'ru' | 'en', prefix: string) {
  const account = newAccount(prefix);
  const headers = { 'accept-language': lang };
  const emailCode = await signUpCode(request, account.email, headers);
  const response = await request.post('/register', {
    headers,
    form: { ...account, emailCode, password: FIRST_PASSWORD, confirmPassword: FIRST_PASSWORD, agree: 'true' },
  });
  expect(response.status()).toBe(200);
  return account;
}

const ru = {
  login: { user: 'Имя пользователя или e-mail', password: 'Пароль', submit: 'Войти' },
  register: {
    user: 'Имя пользователя',
    email: 'E-mail',
    code: 'Код из письма',
    sendCode: 'Прислать код',
    codeSent: 'Если этот e-mail можно использовать, мы отправили на него код',
    password: 'Пароль',
    confirm: 'Повторите пароль',
    submit: 'Создать аккаунт',
  },
  settings: {
    old: 'Текущий пароль',
    new: 'Новый пароль',
    confirm: 'Повторите новый пароль',
    submit: 'Изменить пароль',
  },
  logout: 'Выйти',
  headerLogin: 'Войти',
  settingsLink: 'Настройки',
};

const en = {
  login: { user: 'Username or e-mail', password: 'Password', submit: 'Log in' },
  register: {
    user: 'Username',
    email: 'E-mail',
    code: 'Code from the e-mail',
    sendCode: 'Send code',
    codeSent: 'If this e-mail can be used, we sent a code to it',
    password: 'Password',
    confirm: 'Repeat the password',
    submit: 'Create account',
  },
  settings: {
    old: 'Current password',
    new: 'New password',
    confirm: 'Repeat the new password',
    submit: 'Change password',
  },
  logout: 'Log out',
  headerLogin: 'Log in',
  settingsLink: 'Settings',
};

type Copy = typeof ru;

/** A form field by its exact label (a page's region may carry the same words as its title). */
const field = (page: Page, label: string) => page.getByRole('main').locator('form').getByLabel(label, { exact: true });

const accountButton = (page: Page, username: string) =>
  page.getByRole('banner').getByRole('button', { name: new RegExp(username) });

async function logIn(page: Page, copy: Copy, user: string, password: string) {
  await field(page, copy.login.user).fill(user);
  await field(page, copy.login.password).fill(password);
  await page.getByRole('main').getByRole('button', { name: copy.login.submit }).click();
}

async function logOut(page: Page, copy: Copy, username: string, lang: string) {
  await accountButton(page, username).click();
  await page.getByRole('button', { name: copy.logout }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/$`));
  await expect(page.getByRole('banner').getByRole('link', { name: copy.headerLogin })).toBeVisible();
}

for (const [lang, copy] of [
  ['ru', ru],
  ['en', en],
] as const) {
  test(`${lang}: register, log out, log in, change the password, log in with the new one`, async ({ page }) => {
    // Some forty steps and seven argon2 hashings: on a busy 2-core runner it reached its last
    // step at 28.7 s of the default 30 (stop 21's CI), logged in as it should be.
    test.setTimeout(60_000);
    const account = newAccount(`e2e${lang}`);
    await page.goto(`/${lang}/register`);
    await field(page, copy.register.user).fill(account.username);
    await field(page, copy.register.email).fill(account.email);
    // The e-mail is proven by a mailed code; the page says the same whether or not it has an account.
    const asked = new Date(Date.now() - 1_000);
    await page.getByRole('button', { name: copy.register.sendCode }).click();
    await expect(page.getByRole('status').filter({ hasText: copy.register.codeSent })).toBeVisible();
    const codeMail = await newestMail(account.email, { since: asked });
    expect(codeMail.subject).toContain(lang === 'ru' ? 'код для регистрации' : 'sign-up code');
    await field(page, copy.register.code).fill(codeMail.text.match(/\b\d{6}\b/)![0]);
    await field(page, copy.register.password).fill(FIRST_PASSWORD);
    await field(page, copy.register.confirm).fill(FIRST_PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: copy.register.submit }).click();

    await expect(page).toHaveURL(new RegExp(`/${lang}/$`));
    await expect(accountButton(page, account.username)).toBeVisible();
    await expect(page.getByTestId('notification-success')).toContainText(account.username);
    // Notices sit at the bottom of the window, clear of the account panel the header drops.
    await accountButton(page, account.username).click();
    await expect(page.getByTestId('profile-panel')).toBeVisible();
    const panel = (await page.getByTestId('profile-panel').boundingBox())!;
    const stack = (await page.getByTestId('notifications').boundingBox())!;
    expect(stack.y).toBeGreaterThanOrEqual(panel.y + panel.height);
    expect(stack.y + stack.height).toBeGreaterThan(page.viewportSize()!.height - 40);
    await accountButton(page, account.username).click();

    await logOut(page, copy, account.username, lang);

    // Logging in by e-mail from the home page comes back to the home page.
    await page.getByRole('banner').getByRole('link', { name: copy.headerLogin }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));
    await logIn(page, copy, account.email, FIRST_PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/${lang}/$`));

    await accountButton(page, account.username).click();
    await page.getByRole('link', { name: copy.settingsLink }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/user$`));
    await expect(page.getByTestId('settings-email')).toHaveText(account.email);

    // A wrong current password is said under that field, by the server.
    await field(page, copy.settings.old).fill('Not-the-Password-1!');
    await field(page, copy.settings.new).fill(SECOND_PASSWORD);
    await field(page, copy.settings.confirm).fill(SECOND_PASSWORD);
    await page.getByRole('button', { name: copy.settings.submit }).click();
    await expect(
      page.getByText(lang === 'ru' ? 'Текущий пароль введён неверно' : 'The current password is wrong'),
    ).toBeVisible();

    await field(page, copy.settings.old).fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: copy.settings.submit }).click();
    await expect(
      page
        .getByTestId('notification-success')
        .filter({ hasText: lang === 'ru' ? 'Пароль изменён' : 'Your password has been changed' }),
    ).toBeVisible();

    // The new token the server answered with was kept: a reload stays logged in, in the user area.
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/${lang}/user$`));
    await expect(page.getByTestId('settings-username')).toHaveText(account.username);

    // Choosing the other language opens the same page in it and saves the choice for the account.
    const other = lang === 'ru' ? { code: 'en', name: 'English' } : { code: 'ru', name: 'Русский' };
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/v1/User/change_lang'));
    await page.getByRole('main').getByRole('button', { name: other.name }).click();
    expect((await saved).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/${other.code}/user$`));
    await page
      .getByRole('main')
      .getByRole('button', { name: lang === 'ru' ? 'Русский' : 'English' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/user$`));

    await logOut(page, copy, account.username, lang);
    await page.goto(`/${lang}/login`);
    await logIn(page, copy, account.username, FIRST_PASSWORD);
    await expect(page.getByText(lang === 'ru' ? 'Неверный логин или пароль' : 'Wrong login or password')).toBeVisible();
    await field(page, copy.login.password).fill(SECOND_PASSWORD);
    await page.getByRole('main').getByRole('button', { name: copy.login.submit }).click();
    await expect(accountButton(page, account.username)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${lang}/$`));
  });
}

test('the forms say what is wrong before anything is sent, in the page language', async ({ page }) => {
  await page.goto('/ru/register');
  await field(page, 'E-mail').fill('not-an-address');
  await field(page, 'Пароль').fill(FIRST_PASSWORD);
  await field(page, 'Повторите пароль').fill(`${FIRST_PASSWORD}x`);
  await page.getByRole('button', { name: 'Создать аккаунт' }).click();
  await expect(page.getByText('Неверный формат почты')).toBeVisible();
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();
  await expect(page.getByText('Необходимо согласиться с правилами')).toBeVisible();
  await expect(field(page, 'Имя пользователя')).toBeFocused();

  await page.goto('/en/login');
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
});

test('the register page answers a taken e-mail as any other; only its owner learns of it, by mail', async ({
  page,
  request,
}) => {
  const owner = await registerByApi(request, 'en', 'e2etaken');
  const asked = new Date();
  await page.goto('/ru/register');
  await field(page, ru.register.user).fill(newAccount('e2etaken').username);
  await field(page, ru.register.email).fill(owner.email);
  await page.getByRole('button', { name: ru.register.sendCode }).click();
  await expect(page.getByRole('status').filter({ hasText: ru.register.codeSent })).toBeVisible();

  const note = await newestMail(owner.email, { since: asked });
  expect(note.subject).toBe('Obmen: sign-up with your e-mail');
  expect(new URL(linkIn(note, '/login')).pathname).toBe('/en/login');
  expect(note.text).not.toMatch(/\b\d{6}\b/);

  // A guessed code is refused as any wrong code is: nothing says the e-mail has an account.
  await field(page, ru.register.code).fill('123456');
  await field(page, ru.register.password).fill(FIRST_PASSWORD);
  await field(page, ru.register.confirm).fill(FIRST_PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: ru.register.submit }).click();
  await expect(page.getByText('Код из письма неверный или устарел. Запросите новый')).toBeVisible();
  await expect(page.getByText('Этот e-mail уже зарегистрирован')).toHaveCount(0);
});

test('the user area sends a visitor to login and back to the page they wanted', async ({ page, request }) => {
  const account = await registerByApi(request, 'ru', 'e2eguard');
  await page.goto('/ru/user/tickets');
  await expect(page).toHaveURL(/\/ru\/login$/);
  await logIn(page, ru, account.username, FIRST_PASSWORD);
  await expect(page).toHaveURL(/\/ru\/user\/tickets$/);
  await expect(page.getByRole('heading', { name: 'Мои заявки' })).toBeVisible();

  // Logged in, the login and register pages lead home.
  await page.goto('/ru/login');
  await expect(page).toHaveURL(/\/ru\/$/);
  await page.goto('/en/register');
  await expect(page).toHaveURL(/\/en\/$/);
});

test('a forgotten password is reset through the mailed link', async ({ page, request }) => {
  const account = await registerByApi(request, 'ru', 'e2ereset');
  // From now: the sign-up code's mail came before registerByApi returned.
  const asked = new Date();

  await page.goto('/ru/login');
  await page.getByRole('link', { name: 'Забыли пароль?' }).click();
  await expect(page).toHaveURL(/\/ru\/reset$/);
  await field(page, 'E-mail').fill(account.email);
  await page.getByRole('button', { name: 'Отправить ссылку' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Проверьте почту' })).toContainText(
    'мы отправили на него ссылку для сброса пароля',
  );

  const mail = await newestMail(account.email, { since: asked });
  const link = linkIn(mail, '/reset?');
  expect(new URL(link).pathname).toBe('/ru/reset');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Новый пароль' })).toBeVisible();
  await field(page, 'Новый пароль').fill(SECOND_PASSWORD);
  await field(page, 'Повторите новый пароль').fill(SECOND_PASSWORD);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();

  await expect(page).toHaveURL(/\/ru\/login$/);
  await expect(
    page.getByTestId('notification-success').filter({ hasText: 'Пароль изменён. Войдите с новым паролем.' }),
  ).toBeVisible();
  await logIn(page, ru, account.email, SECOND_PASSWORD);
  await expect(page).toHaveURL(/\/ru\/$/);
  await expect(accountButton(page, account.username)).toBeVisible();

  // The link works once.
  await logOut(page, ru, account.username, 'ru');
  await page.goto(link);
  await field(page, 'Новый пароль').fill(FIRST_PASSWORD);
  await field(page, 'Повторите новый пароль').fill(FIRST_PASSWORD);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Ссылка для сброса пароля недействительна' })).toBeVisible();
});
