import { expect, test } from '@playwright/test';
import { COPY, converter, pick } from '../support/converter';

// The converter on pair pages and phones, its state across reloads, and the phishing warning.

test.describe('pair pages', () => {
  test('a pair address preselects the pair and shows its own texts; picking another updates the address in place', async ({
    page,
  }) => {
    const ui = converter(page, 'en');
    await page.goto('/en/SBERRUB--USDTTRC20');
    await expect(ui.givePicker).toContainText('Sberbank RUB');
    await expect(ui.getPicker).toContainText('Tether TRC20');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exchange Sberbank RUB to Tether TRC20');
    await expect(page.getByTestId('seo-text').getByRole('heading')).toHaveText(
      'How to buy USDT TRC20 with a Sberbank card',
    );
    await expect(page).toHaveTitle(/Sberbank RUB to USDT TRC20/);

    await pick(page, ui.getPicker, 'bitc');
    await expect(page).toHaveURL(/\/en\/SBERRUB--BTC$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Exchange Sberbank RUB to Bitcoin');
    await expect(page.getByTestId('seo-text')).toContainText('How to buy Bitcoin with a Sberbank card');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/en\/SBERRUB--BTC$/);

    // A pair with no texts of its own falls back to the defaults, titled like the server does.
    await pick(page, ui.givePicker, 'eth');
    await expect(page).toHaveURL(/\/en\/ETH--BTC$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crypto and rouble exchange around the clock');
    await expect(page.getByTestId('seo-text').getByRole('heading')).toHaveText(COPY.en.defaultText);
    await expect(page).toHaveTitle('Exchange Ethereum to Bitcoin — Obmen');

    // The address was replaced, not pushed: Back leaves the page.
    await page.goBack();
    await expect(page).not.toHaveURL(/--/);
  });

  test('a pair page comes with its first answers: the converter draws, quote included, without asking the server anything', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${request.method()} ${url.pathname}`);
    });
    const ui = converter(page, 'en');
    await page.goto('/en/SBERRUB--USDTTRC20');
    await expect(ui.givePicker).toContainText('Sberbank RUB');
    await expect(ui.getPicker).toContainText('Tether TRC20');
    await expect(page.getByTestId('seo-text').getByRole('heading')).toHaveText(
      'How to buy USDT TRC20 with a Sberbank card',
    );
    await expect(ui.giveAmount).not.toHaveValue('');
    // The opening quote too: the site's status, the lists, range, reserve, notes, texts and the
    // quote all came with the page.
    await expect(ui.getAmount).not.toHaveValue('');
    expect(asked).toEqual([]);
    // The answers are taken once: picking another pair asks the server as before.
    await pick(page, ui.getPicker, 'bitc');
    await expect(page).toHaveURL(/\/en\/SBERRUB--BTC$/);
    await expect.poll(() => asked.some((line) => line.includes('/get_range'))).toBe(true);
  });

  test('expected answers are no console errors: a pair without texts of its own, a direction switched off', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const ui = converter(page, 'en');
    await page.goto('/en/SBERRUB--BTC');
    await pick(page, ui.givePicker, 'eth');
    await expect(page).toHaveURL(/\/en\/ETH--BTC$/);
    await expect(page.getByTestId('seo-text').getByRole('heading')).toHaveText(COPY.en.defaultText);
    await pick(page, ui.givePicker, 'monero');
    await pick(page, ui.getPicker, 'solana');
    await expect(page).toHaveURL(/\/en\/XMR--SOL$/);
    await expect(page.getByRole('alert').filter({ hasText: COPY.en.unavailable })).toBeVisible();
    await page.goto('/en/XMR--SOL');
    await expect(page.getByRole('alert').filter({ hasText: COPY.en.unavailable })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('in Russian too, with the pair typed in any case', async ({ page }) => {
    const ui = converter(page, 'ru');
    await page.goto('/ru/sberrub--btc');
    await expect(ui.getPicker).toContainText('Bitcoin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Обмен Сбербанк RUB на Bitcoin');
    await expect(page.getByTestId('seo-text')).toContainText('Как купить Bitcoin с карты Сбербанка');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the rate line keeps its height when the countdown ring goes, and the other side keeps its amount', async ({
    page,
  }) => {
    const ui = converter(page, 'ru');
    await page.goto('/ru/');
    await page.getByText(COPY.ru.fixed, { exact: true }).click();
    const ring = page.getByTestId('countdown');
    await expect(ring).toBeVisible();
    const promo = page.getByRole('button', { name: 'У меня есть промокод' });
    const rate = page.getByTestId('rate');
    // What lies between the rate and the promo field: the rate line and the fee line.
    const gap = async () => (await promo.boundingBox())!.y - (await rate.boundingBox())!.y;
    const before = await gap();
    // Under the minimum: no quote, so no ring; the rate of the pair stays on show.
    await ui.giveAmount.fill('100');
    await expect(ui.giveProblem).toContainText(COPY.ru.belowMin);
    await expect(ring).toBeHidden();
    await expect(rate).toBeVisible();
    expect(await gap()).toBe(before);
  });
});

test.describe('the converter keeps its state', () => {
  test('the pair, the side typed, the amount and the rate type survive a reload', async ({ page }) => {
    const ui = converter(page, 'ru');
    await page.goto('/ru/');
    await expect(ui.giveAmount).toHaveValue('3000');
    // Aliases find a currency too: Т-Банк is still "тинькофф" to many.
    await pick(page, ui.givePicker, 'тинькофф');
    await expect(ui.givePicker).toContainText(COPY.ru.tbank);
    await page.getByText(COPY.ru.fixed, { exact: true }).click();
    await expect(page.getByText('Фиксированный курс:')).toBeVisible();
    await ui.getAmount.fill('0,01');
    // Priced for the typed side: the give field leaves the 3000 it started from (the draft is saved by then).
    await expect(ui.giveAmount).not.toHaveValue(/^(3000)?$/);

    await page.reload();
    await expect(ui.givePicker).toContainText(COPY.ru.tbank);
    await expect(ui.getPicker).toContainText('Bitcoin');
    await expect(page.getByRole('radio', { name: COPY.ru.fixed })).toBeChecked();
    await expect(ui.getAmount).toHaveValue('0,01');
    await expect(ui.giveAmount).not.toHaveValue('');
  });

  test('submit keeps the quote with its token for ticket creation and goes there', async ({ page }) => {
    const ui = converter(page, 'en');
    await page.goto('/en/SBERRUB--BTC');
    await ui.giveAmount.fill('5000');
    await expect(ui.getAmount).not.toHaveValue('');
    await expect(ui.submit).toBeEnabled();
    await ui.submit.click();
    await expect(page).toHaveURL(/\/en\/ticket\/create$/);
    const draft = await page.evaluate(() => JSON.parse(localStorage.getItem('exchangeDraft') ?? 'null'));
    expect(draft).toMatchObject({
      giveName: 'SBERRUB',
      getName: 'BTC',
      giveSum: '5000.00',
      direction: 'sell',
      useFixed: false,
      quote: { giveSum: '5000.00', quoteToken: expect.any(String) },
    });
    expect(draft.getSum).toBe(draft.quote.getSum);
  });

  test('?promo= fills in the promo code, shows why it does not apply and holds submit until it is removed', async ({
    page,
  }) => {
    await page.goto('/en/?promo=nosuchcode');
    await expect(page.getByRole('button', { name: 'I have a promo code' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Promo code')).toHaveValue('NOSUCHCODE');
    await expect(page.getByText('This promo code is not valid')).toBeVisible();
    // A ticket would be refused with it: submit waits until it is fixed or taken off.
    const submit = page.getByRole('button', { name: 'Exchange', exact: true });
    await expect(submit).toBeDisabled();
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('This promo code is not valid')).toBeHidden();
    await expect(submit).toBeEnabled();
  });
});

test.describe('the phishing warning', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('shows once, with the site’s own address, and stays away once read', async ({ page }) => {
    await page.goto('/ru/');
    const dialog = page.getByRole('dialog', { name: 'Осторожно: поддельные сайты' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(new URL(page.url()).host);
    await dialog.getByRole('button', { name: 'Понятно' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(converter(page, 'ru').giveAmount).toHaveValue('3000');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('holds focus and the page behind it until closed by Escape or a click beside it', async ({ page }) => {
    await page.goto('/en/');
    const dialog = page.getByRole('dialog', { name: 'Beware of fake sites' });
    await expect(dialog).toBeVisible();
    // Focus starts inside and Tab moves within it; the page behind does not scroll.
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Got it' })).toBeFocused();
    await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
    await page.reload();
    await expect(converter(page, 'en').giveAmount).toHaveValue('3000');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // On another browser, a click on the backdrop closes it as well.
    await page.evaluate(() => localStorage.removeItem('phishingWarningSeen'));
    await page.reload();
    await expect(dialog).toBeVisible();
    await dialog.click({ position: { x: 10, y: 10 } });
    await expect(dialog).toBeVisible();
    await page.mouse.click(3, 3);
    await expect(dialog).toBeHidden();
  });
});
