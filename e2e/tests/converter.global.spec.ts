import { expect, test, type APIRequestContext } from '@playwright/test';
import { operatorToken } from '../support/console';

// Maintenance closes the exchange for every visitor: this spec runs alone and opens it again.

async function operatorHeaders(request: APIRequestContext) {
  return { authorization: `Bearer ${await operatorToken(request)}` };
}

async function setConversion(request: APIRequestContext, convertEnabled: boolean) {
  const response = await request.put('/api/admin/site-state', {
    headers: await operatorHeaders(request),
    data: { convertEnabled },
  });
  expect(response.status()).toBe(200);
}

test('during maintenance the converter still prices amounts, but submit stays closed', async ({ page, request }) => {
  await setConversion(request, false);
  try {
    await page.goto('/ru/');
    const give = page.getByLabel('Отдаёте', { exact: true });
    const get = page.getByLabel('Получаете', { exact: true });
    await expect(get).not.toHaveValue('');
    await give.fill('7000');
    await expect(get).not.toHaveValue('');
    await expect(page.getByText('Обмен временно приостановлен: идёт технический перерыв.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Обменять', exact: true })).toBeDisabled();
  } finally {
    await setConversion(request, true);
  }
  await page.reload();
  await expect(page.getByRole('button', { name: 'Обменять', exact: true })).toBeEnabled();
});
