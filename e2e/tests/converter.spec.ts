import { expect, test, type APIRequestContext } from '@playwright/test';
import { COPY, converter, pick, type Lang } from '../support/converter';

/** An amount as the field shows it: the scale's trailing zeros dropped, a comma in Russian. */
const shown = (amount: string, lang: Lang) => {
  const trimmed = amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
  return lang === 'ru' ? trimmed.replace('.', ',') : trimmed;
};

/** What the API itself quotes, to compare the page's figures with. */
async function quote(request: APIRequestContext, give: string, get: string, sum: string, direction: 'sell' | 'buy') {
  const response = await request.post('/api/v1/Exchange/calculate', {
    form: { giveName: give, getName: get, sum, direction },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { giveSum: string; getSum: string };
}

/** What the API says an amount out of range comes to, beside its refusal. */
async function quoteOutOfRange(
  request: APIRequestContext,
  give: string,
  get: string,
  sum: string,
  direction: 'sell' | 'buy',
) {
  const response = await request.post('/api/v1/Exchange/calculate', {
    form: { giveName: give, getName: get, sum, direction },
  });
  expect(response.status()).toBe(400);
  return ((await response.json()) as { estimate: { giveSum: string; getSum: string } }).estimate;
}

for (const lang of ['ru', 'en'] as const) {
  const c = COPY[lang];

  test.describe(`the converter (${lang})`, () => {
    test('starts on SBERRUB → BTC at the minimum and prices what is typed on either side', async ({
      page,
      request,
    }) => {
      const ui = converter(page, lang);
      await page.goto(`/${lang}/`);
      await expect(ui.givePicker).toContainText(c.sber);
      await expect(ui.getPicker).toContainText(c.btc);
      await expect(ui.giveAmount).toHaveValue('3000');
      const atMinimum = await quote(request, 'SBERRUB', 'BTC', '3000', 'sell');
      await expect(ui.getAmount).toHaveValue(shown(atMinimum.getSum, lang));
      await expect(page.getByRole('heading', { name: c.defaultText })).toBeVisible();

      await ui.giveAmount.fill(lang === 'ru' ? '12500,5' : '12500.5');
      const sold = await quote(request, 'SBERRUB', 'BTC', '12500.5', 'sell');
      await expect(ui.getAmount).toHaveValue(shown(sold.getSum, lang));
      await expect(ui.submit).toBeEnabled();

      // The last side typed decides: now the give amount is the one computed.
      await ui.getAmount.fill(lang === 'ru' ? '0,005' : '0.005');
      const bought = await quote(request, 'SBERRUB', 'BTC', '0.005', 'buy');
      await expect(ui.giveAmount).toHaveValue(shown(bought.giveSum, lang));
      await expect(ui.getAmount).toHaveValue(lang === 'ru' ? '0,005' : '0.005');
      // No more decimals than the currency's scale: a ninth one is simply not taken.
      await ui.getAmount.fill('0.123456789');
      await expect(ui.getAmount).toHaveValue('0.12345678');
    });

    test('says when an amount is under the minimum, over the maximum or over the reserve, and blocks submit', async ({
      page,
    }) => {
      const ui = converter(page, lang);
      await page.goto(`/${lang}/`);
      await expect(ui.submit).toBeEnabled();

      // The other side keeps saying what the amount comes to, beside the message.
      await ui.giveAmount.fill('100');
      await expect(ui.giveProblem).toHaveText(c.belowMin);
      const low = await quoteOutOfRange(page.request, 'SBERRUB', 'BTC', '100', 'sell');
      await expect(ui.getAmount).toHaveValue(shown(low.getSum, lang));
      await expect(ui.submit).toBeDisabled();

      await ui.giveAmount.fill('2000000');
      await expect(ui.giveProblem).toHaveText(c.aboveMax);
      const high = await quoteOutOfRange(page.request, 'SBERRUB', 'BTC', '2000000', 'sell');
      await expect(ui.getAmount).toHaveValue(shown(high.getSum, lang));
      await expect(ui.submit).toBeDisabled();

      await ui.getAmount.fill('5');
      await expect(ui.getProblem).toContainText(c.overLimit);
      await expect(ui.getProblem).toContainText(c.overflow);
      await expect(ui.giveProblem).toHaveCount(0);
      await expect(ui.giveAmount).not.toHaveValue('');
      await expect(ui.submit).toBeDisabled();

      // Within the range, yet more bitcoin than the reserve holds: the server says so.
      await page.goto(`/${lang}/ETH--BTC`);
      await expect(ui.getAmount).not.toHaveValue('');
      await ui.giveAmount.fill('120');
      await expect(ui.getProblem).toContainText(c.overLimit);
      await expect(ui.getProblem).toContainText(c.overflow);
      await expect(ui.submit).toBeDisabled();
      await ui.giveAmount.fill('1');
      await expect(ui.getProblem).toHaveCount(0);
      await expect(ui.submit).toBeEnabled();
    });

    test('shows an unavailable direction with both fields disabled', async ({ page }) => {
      const ui = converter(page, lang);
      await page.goto(`/${lang}/XMR--SOL`);
      await expect(page.getByRole('alert').filter({ hasText: c.unavailable })).toBeVisible();
      await expect(ui.givePicker).toContainText('Monero');
      await expect(ui.giveAmount).toBeDisabled();
      await expect(ui.getAmount).toBeDisabled();
      await expect(ui.submit).toBeDisabled();
      // Another pair opens again.
      await pick(page, ui.getPicker, 'btc');
      await expect(page).toHaveURL(new RegExp(`/${lang}/XMR--BTC$`));
      await expect(ui.giveAmount).toHaveValue(lang === 'ru' ? '0,5' : '0.5');
      await expect(page.getByText(c.unavailable)).toHaveCount(0);
    });

    test('swaps the currencies and starts the new pair from its minimum', async ({ page }) => {
      const ui = converter(page, lang);
      await page.goto(`/${lang}/`);
      await expect(ui.getAmount).not.toHaveValue('');
      await page.getByRole('button', { name: c.swap }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/BTC--SBERRUB$`));
      await expect(ui.givePicker).toContainText(c.btc);
      await expect(ui.getPicker).toContainText(c.sber);
      await expect(ui.giveAmount).toHaveValue(lang === 'ru' ? '0,0005' : '0.0005');
      await expect(ui.getAmount).toHaveValue(/^\d+([.,]\d+)?$/);
    });

    test('marks the currencies the other side cannot go to, and picking one moves the other side', async ({ page }) => {
      const ui = converter(page, lang);
      await page.goto(`/${lang}/`);
      await expect(ui.getAmount).not.toHaveValue('');
      await ui.getPicker.click();
      const dialog = page.getByRole('dialog');
      // Roubles do not go to roubles: T-Bank is marked against Sberbank; Ethereum is not.
      await expect(dialog.getByRole('option', { name: new RegExp(c.tbank) })).toContainText(c.noDirectionWithSber);
      await expect(dialog.getByRole('option', { name: /Ethereum/ })).not.toContainText(c.noDirectionWithSber);
      await dialog.getByRole('option', { name: new RegExp(c.tbank) }).click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/${lang}/BTC--TCSBRUB$`));
      await expect(ui.givePicker).toContainText(c.btc);
      await expect(ui.getPicker).toContainText(c.tbank);
      await expect(page.getByText(c.unavailable)).toBeHidden();
      await expect(ui.getAmount).not.toHaveValue('');
    });

    test('renews the quote when it expires, with the countdown starting over', async ({ page }) => {
      const ui = converter(page, lang);
      await page.clock.install();
      await page.goto(`/${lang}/`);
      await expect(ui.getAmount).not.toHaveValue('');
      const countdown = page.getByText(c.refreshIn);
      await expect(countdown).toContainText(/00:(2\d|30)/);
      const renewed = page.waitForRequest((r) => r.url().endsWith('/api/v1/Exchange/calculate'));
      await page.clock.fastForward('00:31');
      await renewed;
      await expect(countdown).toContainText(/00:(2\d|30)/);
      await expect(ui.submit).toBeEnabled();
    });
  });
}
