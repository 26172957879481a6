import { expect, test, type APIRequestContext } from '@playwright/test';
import { openConsole, operatorToken } from '../support/console';

// Working hours close a direction for every visitor: this spec runs alone and opens it again.

/** An hour of Moscow time two hours from now: the direction is closed whenever the test runs. */
function closedHours() {
  const clock = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;
  const moscowHour = new Date(Date.now() + 3 * 3600_000).getUTCHours();
  return { opensAt: clock(moscowHour + 2), closesAt: clock(moscowHour + 3) };
}

async function setHours(request: APIRequestContext, hours: { opensAt: string; closesAt: string }) {
  const response = await request.patch('/api/admin/directions/TON/LTC', {
    headers: { authorization: `Bearer ${await operatorToken(request)}` },
    data: hours,
  });
  expect(response.status(), await response.text()).toBe(200);
}

for (const lang of ['ru', 'en'] as const) {
  test(`${lang}: a direction outside its working hours says when it opens and leaves the export the console previews`, async ({
    page,
    request,
  }) => {
    const hours = closedHours();
    await setHours(request, hours);
    try {
      await page.goto(`/${lang}/TON--LTC`);
      const said =
        lang === 'ru'
          ? `Данное направление недоступно — оно работает с ${hours.opensAt} до ${hours.closesAt} по московскому времени и откроется в ${hours.opensAt}.`
          : `This direction is unavailable — it works from ${hours.opensAt} to ${hours.closesAt} Moscow time and opens at ${hours.opensAt}.`;
      await expect(page.getByRole('alert').filter({ hasText: said })).toBeVisible();

      await openConsole(page, '/admin/rates-export', await operatorToken(request), lang);
      await expect(
        page.getByRole('heading', { name: lang === 'ru' ? 'Экспорт курсов' : 'Rates export' }),
      ).toBeVisible();
      const table = page.getByRole('table');
      await expect(table.getByRole('cell', { name: 'SBERRUB → BTC', exact: true })).toBeVisible();
      await expect(table.getByRole('cell', { name: 'TON → LTC', exact: true })).toHaveCount(0);
      // Nobody watches a chain in this demo: every direction is labelled manual, none automatic.
      await expect(table.getByText(lang === 'ru' ? 'автоматически' : 'automatic', { exact: true })).toHaveCount(0);
      await expect(page.getByTestId('export-file')).toContainText('xsi:noNamespaceSchemaLocation');
      // EREF 1.1 says what one order may get too, and keeps 1.0's range for BestChange's cabinet.
      await expect(
        table.getByRole('columnheader', { name: lang === 'ru' ? 'Сумма получения' : 'Amount got' }),
      ).toBeVisible();
      await expect(page.getByTestId('export-file')).toContainText('<tomax>');
      await expect(page.getByTestId('export-file')).toContainText('<minamount>3000 RUB</minamount>');
      await page
        .getByRole('button', { name: lang === 'ru' ? 'rates.xml (старый формат)' : 'rates.xml (legacy)' })
        .click();
      await expect(page.getByTestId('export-file')).toContainText('<param>manual, cardverify</param>');
      await expect(page.getByTestId('export-file')).not.toContainText('<from>TON</from>\n    <to>LTC</to>');
    } finally {
      await setHours(request, { opensAt: '', closesAt: '' });
    }
  });
}
