import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

type Lang = 'ru' | 'en';

const COPY = {
  ru: {
    give: 'Отдаёте',
    get: 'Получаете',
    submit: 'Обменять',
    belowMin: 'Меньше минимальной суммы',
    aboveMax: 'Больше максимальной суммы',
    overLimit: 'Превышен лимит',
    overflow: /В резерве [\d\s\u00a0,]+ BTC: уменьшите сумму/,
    unavailable: 'Данное направление недоступно',
    swap: 'Поменять валюты местами',
    fixed: 'Фиксированный',
    refreshIn: 'Курс обновится через',
    sber: 'Сбербанк RUB',
    tbank: 'Т-Банк RUB',
    btc: 'Bitcoin',
    noDirectionWithSber: 'Нет обмена с «Сбербанк RUB»',
    defaultText: 'Как обменять рубли и криптовалюту в Obmen',
  },
  en: {
    give: 'You give',
    get: 'You get',
    submit: 'Exchange',
    belowMin: 'Less than the minimum amount',
    aboveMax: 'More than the maximum amount',
    overLimit: 'Limit exceeded',
    overflow: /The reserve is [\d,.]+ BTC: lower the amount/,
    unavailable: 'This direction is unavailable',
    swap: 'Swap currencies',
    fixed: 'Fixed',
    refreshIn: 'Rate refreshes in',
    sber: 'Sberbank RUB',
    tbank: 'T-Bank RUB',
    btc: 'Bitcoin',
    noDirectionWithSber: 'No exchange with Sberbank RUB',
    defaultText: 'How to exchange roubles and crypto on Obmen',
  },
} as const;

function converter(page: Page, lang: Lang) {
  const c = COPY[lang];
  return {
    giveAmount: page.getByLabel(c.give, { exact: true }),
    getAmount: page.getByLabel(c.get, { exact: true }),
    givePicker: page.getByRole('button', { name: new RegExp(`^${c.give}:`) }),
    getPicker: page.getByRole('button', { name: new RegExp(`^${c.get}:`) }),
    submit: page.getByRole('button', { name: c.submit, exact: true }),
    giveProblem: page.getByTestId('give-problem'),
    getProblem: page.getByTestId('get-problem'),
  };
}

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

/** Picks a currency through the list dialog by typing and Enter, as a keyboard user would. */
async function pick(page: Page, picker: ReturnType<typeof converter>['givePicker'], search: string) {
  await picker.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox').fill(search);
  await dialog.getByRole('combobox').press('Enter');
  await expect(dialog).toBeHidden();
  // Focus comes back to the button, so a keyboard user carries on from where they were.
  await expect(picker).toBeFocused();
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
    await expect(ui.giveAmount).not.toHaveValue('');

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
