import { expect, test } from '@playwright/test';
import { openConsole, operatorToken } from '../support/console';

// These change what every visitor sees, so they run last and alone (playwright.config.ts), and put it back.

test.describe('maintenance from the console', () => {
  let token = '';
  test.beforeAll(async ({ request }) => {
    token = await operatorToken(request);
  });
  test.afterAll(async ({ request }) => {
    await request.put('/api/admin/site-state', {
      headers: { authorization: `Bearer ${token}` },
      data: { convertEnabled: true },
    });
  });

  test('switching it on closes exchanges with the notice in both languages; switching it off opens them', async ({
    page,
    request,
  }) => {
    await openConsole(page, '/admin/site-state', token, 'ru');
    await page.getByLabel('Заголовок по-русски').fill('Плановые работы');
    await page.getByLabel('Текст по-русски').fill('Вернёмся через 15 минут');
    await page.getByLabel('Заголовок по-английски').fill('Planned maintenance');
    await page.getByLabel('Текст по-английски').fill('Back in 15 minutes');
    await page.getByRole('button', { name: 'Включить технический перерыв' }).click();
    const dialog = page.getByRole('dialog', { name: 'Включить технический перерыв?' });
    await dialog.getByRole('button', { name: 'Включить технический перерыв' }).click();
    await expect(page.getByTestId('notification-success')).toContainText('Технический перерыв включён');

    const ru = await request.get('/api/v1/SiteState');
    expect(ru.status()).toBe(503);
    expect(await ru.json()).toEqual({ header: 'Плановые работы', text: 'Вернёмся через 15 минут' });
    const en = await request.get('/api/v1/SiteState', { headers: { 'accept-language': 'en' } });
    expect(await en.json()).toEqual({ header: 'Planned maintenance', text: 'Back in 15 minutes' });

    await page.getByRole('button', { name: 'Выключить технический перерыв' }).click();
    await page
      .getByRole('dialog', { name: 'Выключить технический перерыв?' })
      .getByRole('button', { name: 'Выключить технический перерыв' })
      .click();
    await expect(page.getByTestId('notification-success').filter({ hasText: 'Обмен снова работает' })).toBeVisible();
    expect((await request.get('/api/v1/SiteState')).status()).toBe(204);
  });
});

test.describe('prices from the console', () => {
  let token = '';
  let original = '';
  test.beforeAll(async ({ request }) => {
    token = await operatorToken(request);
    const prices = await request.get('/api/admin/prices', { headers: { authorization: `Bearer ${token}` } });
    original = (await prices.json()).items.find((p: { currencyCode: string }) => p.currencyCode === 'BTC').usdPrice;
  });
  test.afterAll(async ({ request }) => {
    await request.put('/api/admin/prices/BTC', {
      headers: { authorization: `Bearer ${token}` },
      data: { usdPrice: original },
    });
  });

  test('halving the bitcoin price doubles what the converter gives for the same roubles', async ({ page, request }) => {
    const quote = async () =>
      (
        await (
          await request.post('/api/v1/Exchange/calculate', {
            form: { giveName: 'SBERRUB', getName: 'BTC', sum: '10000', direction: 'sell' },
          })
        ).json()
      ).getSum as string;
    const before = await quote();

    await openConsole(page, '/admin/prices', token, 'en');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: /^BTC/ }) });
    await row.getByRole('button', { name: 'Set BTC' }).click();
    const half = (Number(original) / 2).toFixed(2);
    await row.getByPlaceholder('Price in USD').fill(half);
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('notification-success')).toContainText(`BTC: ${half} USD`);
    await expect(row.getByText('by hand')).toBeVisible();

    const after = await quote();
    expect(Number(after) / Number(before)).toBeCloseTo(2, 3);
  });
});
