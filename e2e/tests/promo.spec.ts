import { expect, test } from '@playwright/test';
import { logInAs, operatorHeaders, registerUser, succeedTicket } from '../support/accounts-api';

const ru = {
  title: 'Промокоды',
  copied: 'Промокод скопирован',
  copy: (code: string) => `Скопировать промокод ${code}`,
  use: (code: string) => `Применить промокод ${code} в обменнике`,
  active: 'Активен',
  used: 'Использован',
  expired: 'Истёк',
  ticket: (n: number) => `Заявка № ${n}`,
  worth: '50\u00a0₽ к обмену от 3\u00a0000\u00a0₽',
  discount: '0,1\u00a0%',
};

const en: typeof ru = {
  title: 'Promo codes',
  copied: 'Promo code copied',
  copy: (code: string) => `Copy promo code ${code}`,
  use: (code: string) => `Use promo code ${code} in the exchange`,
  active: 'Active',
  used: 'Used',
  expired: 'Expired',
  ticket: (n: number) => `Ticket No. ${n}`,
  worth: '50\u00a0RUB on exchanges from 3,000\u00a0RUB',
  discount: '0.1%',
};

for (const [lang, copy] of [
  ['ru', ru],
  ['en', en],
] as const) {
  test(`${lang}: a user's promo codes — copy one, take it to the converter, see where each went`, async ({
    page,
    context,
    request,
  }) => {
    const operator = await operatorHeaders(request);
    const user = await registerUser(request, 'promo');
    const issue = async (extra: Record<string, unknown> = {}) => {
      const response = await request.post('/api/admin/promo-codes', {
        headers: operator,
        data: { username: user.username, ...extra },
      });
      expect(response.status(), await response.text()).toBe(200);
      return ((await response.json()) as { code: string }[])[0]!.code;
    };
    const fresh = await issue();
    const spent = await issue();
    const lapsed = await issue({ expiresAt: new Date(Date.now() - 86_400_000).toISOString() });
    const ticket = await succeedTicket(request, user, operator, { promocode: spent });

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logInAs(page, user);
    await page.goto(`/${lang}/user/promo`);
    await expect(page.getByRole('heading', { level: 1, name: copy.title })).toBeVisible();

    const active = page.getByTestId('active-promo-codes');
    await expect(active.getByRole('listitem')).toHaveCount(1);
    await expect(active).toContainText(fresh);
    await expect(active).toContainText(copy.worth);
    await active.getByRole('button', { name: copy.copy(fresh) }).click();
    await expect(page.getByTestId('notification-success').filter({ hasText: copy.copied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fresh);
    await expect(active.getByRole('link', { name: copy.use(fresh) })).toHaveAttribute(
      'href',
      `/${lang}/?promo=${fresh}`,
    );

    const history = page.getByTestId('promo-history');
    const row = (code: string) => history.locator('tbody tr').filter({ hasText: code });
    await expect(history.locator('tbody tr')).toHaveCount(3);
    await expect(row(fresh)).toContainText(copy.active);
    await expect(row(lapsed)).toContainText(copy.expired);
    await expect(row(spent)).toContainText(copy.used);
    await expect(row(spent).getByRole('link', { name: copy.ticket(ticket.number) })).toHaveAttribute(
      'href',
      `/${lang}/ticket/${ticket.id}`,
    );

    // About 1 000 USD of successful exchanges moved the user up a discount band, here and in settings.
    await expect(page.getByTestId('discount-percent')).toHaveText(copy.discount);
    await page.goto(`/${lang}/user`);
    await expect(page.getByTestId('discount-percent')).toHaveText(copy.discount);
  });
}
