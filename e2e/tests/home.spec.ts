import { expect, test } from '@playwright/test';

test.describe('home page', () => {
  test('lists the give and get currencies in Russian at /ru/', async ({ page }) => {
    await page.goto('/ru/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { name: 'Отдаёте' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Получаете' })).toBeVisible();
    const give = page.getByTestId('currency-list-give');
    await expect(give.getByText('Сбербанк RUB')).toBeVisible();
    await expect(give.getByText('Т-Банк RUB')).toBeVisible();
    await expect(page.getByTestId('currency-list-get').getByText('Bitcoin')).toBeVisible();
    await expect(give.locator('li')).toHaveCount(14);
  });

  test('lists them in English at /en/', async ({ page }) => {
    await page.goto('/en/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'You give' })).toBeVisible();
    const give = page.getByTestId('currency-list-give');
    await expect(give.getByText('Sberbank RUB')).toBeVisible();
    await expect(give.getByText('T-Bank RUB')).toBeVisible();
    await expect(page).toHaveTitle(/crypto and rouble exchange/);
  });

  test('the language links keep the page and swap only the language', async ({ page }) => {
    await page.goto('/ru/');
    await page.getByRole('banner').getByRole('button', { name: 'Язык: Русский' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/$/);
    await expect(page.getByTestId('currency-list-give').getByText('Sberbank RUB')).toBeVisible();
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
    await expect(page.getByTestId('currency-list-give').getByText('Сбербанк RUB')).toBeVisible();
  });

  test('in English too, and for a malformed pair', async ({ page }) => {
    await page.goto('/en/BTC-SBERRUB');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('a pair path is a page, not a 404', async ({ page }) => {
    const response = await page.goto('/en/SBERRUB--BTC');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('currency-list-give').getByText('Sberbank RUB')).toBeVisible();
  });
});
