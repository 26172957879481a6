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
  give: 'Отдаёте',
  get: 'Получаете',
  applied: (code: string) => `Промокод ${code}: +`,
  remove: 'Убрать',
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
  give: 'You give',
  get: 'You get',
  applied: (code: string) => `Promo code ${code}: +`,
  remove: 'Remove',
};

/** An amount as the converter's fields show it: no trailing zeros, a comma in Russian. */
const shown = (amount: string, lang: 'ru' | 'en') => {
  const trimmed = amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
  return lang === 'ru' ? trimmed.replace('.', ',') : trimmed;
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

    // The code taken to the converter is applied there and adds its worth to what the user gets.
    await page.goto(`/${lang}/user/promo`);
    await page
      .getByTestId('active-promo-codes')
      .getByRole('link', { name: copy.use(fresh) })
      .click();
    await expect(page).toHaveURL(`/${lang}/?promo=${fresh}`);
    await expect(page.getByText(copy.applied(fresh))).toBeVisible();
    const giveSum = (await page.getByLabel(copy.give, { exact: true }).inputValue())
      .replace(/\s/g, '')
      .replace(',', '.');
    const calculate = async (promocode?: string) => {
      const response = await request.post('/api/v1/Exchange/calculate', {
        headers: user.headers,
        form: { giveName: 'SBERRUB', getName: 'BTC', sum: giveSum, direction: 'sell', ...(promocode && { promocode }) },
      });
      expect(response.status()).toBe(200);
      return (await response.json()) as { getSum: string; promo: { bonus: string } | null };
    };
    const [withPromo, without] = [await calculate(fresh), await calculate()];
    expect(withPromo.promo).not.toBeNull();
    expect(Number(withPromo.getSum)).toBeGreaterThan(Number(without.getSum));
    await expect(page.getByLabel(copy.get, { exact: true })).toHaveValue(shown(withPromo.getSum, lang));
    // Taken off, the amount falls back to the plain quote.
    await page.getByRole('button', { name: copy.remove }).click();
    await expect(page.getByLabel(copy.get, { exact: true })).toHaveValue(shown(without.getSum, lang));
  });
}
