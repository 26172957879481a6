import { expect, test, type APIRequestContext } from '@playwright/test';
import { operatorToken } from '../support/accounts';

const NOTICE = {
  headerRu: 'Плановые работы',
  textRu: 'Обновляем платёжный шлюз, вернёмся через 20 минут.',
  headerEn: '',
  textEn: 'We are upgrading the payment gateway and will be back in 20 minutes.',
};

async function setMaintenance(request: APIRequestContext, on: boolean) {
  const token = await operatorToken(request);
  const response = await request.put('/api/admin/site-state', {
    headers: { authorization: `Bearer ${token}` },
    data: { convertEnabled: !on, ...NOTICE },
  });
  expect(response.status()).toBe(200);
}

// Maintenance pauses exchanges for every visitor: a global spec, run alone, that puts it back.
test.afterEach(async ({ request }) => {
  await setMaintenance(request, false);
});

test('maintenance: the home page shows the notice within one poll and the ticket pages go home', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await page.goto('/ru/');
  await expect(page.getByRole('banner')).toBeVisible();
  const notice = page.getByTestId('maintenance-notice');
  await expect(notice).toBeHidden();

  await setMaintenance(request, true);
  // A page drawn during the break has the notice in its HTML: nothing moves when the script runs.
  const drawn = await (await request.get('/ru/')).text();
  expect(drawn).toContain('data-testid="maintenance-notice"');
  expect(drawn).toContain(NOTICE.headerRu);
  await page.clock.fastForward(30_000);
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('heading', { name: NOTICE.headerRu })).toBeVisible();
  await expect(notice).toContainText(NOTICE.textRu);

  await page.goto('/ru/ticket/create');
  await expect(page).toHaveURL(/\/ru\/$/);
  await expect(notice).toBeVisible();

  // In English, with no English header set, the default one.
  await page.goto('/en/ticket/abc123/payment_info');
  await expect(page).toHaveURL(/\/en\/$/);
  await expect(notice.getByRole('heading', { name: 'Maintenance break' })).toBeVisible();
  await expect(notice).toContainText(NOTICE.textEn);

  // Switched off again: gone at the next poll, and ticket creation opens.
  await setMaintenance(request, false);
  await page.clock.fastForward(30_000);
  await expect(notice).toBeHidden();
  await page.goto('/en/ticket/create');
  await expect(page).toHaveURL(/\/en\/ticket\/create$/);
});
