import { expect, test } from '@playwright/test';
import { logInAsNewUser } from '../support/accounts';

const QUOTE = { giveName: 'USDTTRC20', getName: 'BTC', sum: '0.01', direction: 'buy' };

test('a partner makes an API key, sees its secret once, quotes with it, and revokes it', async ({ page, request }) => {
  await logInAsNewUser(page, request, 'partner');
  await page.goto('/en/user/partner');
  await expect(page.getByRole('heading', { name: 'Partner API', level: 1 })).toBeVisible();
  await expect(page.getByText('No keys yet.')).toBeVisible();

  const form = page.getByRole('form', { name: 'New key' });
  await form.getByLabel('Name').fill('Wallet bot');
  await form.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('partner-key-secret');
  await expect(shown).toContainText('it is shown once');
  const secret = (await shown.locator('p', { hasText: /^obk_/ }).textContent())!.trim();
  expect(secret).toMatch(/^obk_[a-z0-9]{12}_[A-Za-z0-9_-]{43}$/);

  // The key works at once from a partner's server.
  const call = () =>
    request.post('/api/partner/v1/quote', { headers: { authorization: `Bearer ${secret}` }, data: QUOTE });
  expect((await call()).status()).toBe(200);

  await page.getByRole('button', { name: 'I have saved the key' }).click();
  await expect(shown).toHaveCount(0);
  await page.reload();
  const keys = page.getByTestId('partner-keys');
  await expect(keys).toContainText(`${secret.slice(0, 16)}_…`);
  await expect(page.getByText(secret)).toHaveCount(0);

  await keys.getByRole('button', { name: 'Revoke' }).click();
  await keys.getByRole('button', { name: 'Revoke for good' }).click();
  await expect(keys).toContainText('Revoked');
  const refused = await call();
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe('api_key_invalid');
});
