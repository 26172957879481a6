import { expect, test } from '@playwright/test';

test.describe('home page', () => {
  test('shows the converter in Russian at /ru/', async ({ page }) => {
    await page.goto('/ru/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('button', { name: 'Отдаёте: Сбербанк RUB' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Получаете: Bitcoin' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Почему выбирают Obmen' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) })).toHaveCount(6);
    await expect(page).toHaveTitle('Obmen — обмен криптовалют и рублей 24/7');
  });

  test('and in English at /en/', async ({ page }) => {
    await page.goto('/en/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'You give: Sberbank RUB' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why people choose Obmen' })).toBeVisible();
    await expect(page).toHaveTitle(/crypto and rouble exchange/);
  });

  test('the language links keep the page and swap only the language', async ({ page }) => {
    await page.goto('/ru/');
    await page.getByRole('banner').getByRole('button', { name: 'Язык: Русский' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.getByRole('button', { name: 'You give: Sberbank RUB' })).toBeVisible();
  });
});

test.describe('the root path goes to the current language', () => {
  test.use({ locale: 'en-US' });
  test('an English browser lands on /en/', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/en\/$/);
  });
});

test.describe('the root path for other languages', () => {
  test.use({ locale: 'de-DE' });
  test('a German browser lands on /ru/, and a stored choice wins over the browser', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/ru\/$/);
    await page.goto('/en/');
    await page.goto('/');
    await expect(page).toHaveURL(/\/en\/$/);
  });
});

test.describe('not found', () => {
  test('an unknown path shows the 404 page with a way home', async ({ page }) => {
    const response = await page.goto('/ru/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await page.getByRole('link', { name: 'На главную', exact: true }).click();
    await expect(page).toHaveURL(/\/ru\/$/);
    await expect(page.getByRole('button', { name: 'Отдаёте: Сбербанк RUB' })).toBeVisible();
  });

  test('in English too, and for a malformed pair', async ({ page }) => {
    await page.goto('/en/BTC-SBERRUB');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('a pair with no direction is the 404 page, kept out of search engines, in both languages', async ({ page }) => {
    for (const [path, heading] of [
      ['/ru/FOO--BAR', 'Страница не найдена'],
      ['/en/SBERRUB--TCSBRUB', 'Page not found'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      await expect(page.getByRole('heading', { level: 1 })).not.toContainText(/Обмен|Exchange/);
    }
  });

  test('a pair path is a page, not a 404', async ({ page }) => {
    const response = await page.goto('/en/SBERRUB--BTC');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('button', { name: 'You give: Sberbank RUB' })).toBeVisible();
  });
});
